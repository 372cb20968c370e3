import { ImageOff } from 'lucide-react';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { cn } from '@/lib/utils';

/** A package's preview (its first completed angle), or "No preview". */
export function PackageThumbnail({ url, className }: { url: string | null; className?: string }) {
  if (!url) {
    return (
      <div className={cn('flex flex-col items-center justify-center gap-1 bg-slate-100 text-xs font-medium text-slate-600', className)}>
        <ImageOff className="size-5 text-slate-400" aria-hidden="true" />
        {CAR_PACKAGE_MESSAGES.noPreview}
      </div>
    );
  }
  return <img src={url} alt="" loading="lazy" decoding="async" className={cn('bg-slate-100 object-cover', className)} />;
}
