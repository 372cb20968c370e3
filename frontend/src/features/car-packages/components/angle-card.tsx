import { Download, Image as ImageIcon, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { imageLabel, MIRROR_IMAGE_NOTE } from '@shared/angles';
import { PACKAGE_PROGRESS_MESSAGES, RETRY_MESSAGES } from '@shared/messages';
import { checkWords } from '@shared/car-checks';
import type { PackageImage } from '@shared/schemas/car-packages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useRetryAngle } from '../api/package-actions';
import { useImageDownload } from '@/hooks/use-image-download';
import type { ViewedImage } from '@/components/image-viewer/image-viewer-dialog';
import { AngleStatusBadge } from './status-badge';

// Without an image, a card in the phone's single column needs no photo-sized box; in a grid it keeps the row even.
const placeholderBox = 'flex min-h-28 w-full sm:aspect-[4/3] sm:min-h-0';

function AngleBody({ image, onView }: { image: PackageImage; onView: (image: ViewedImage) => void }) {
  const label = imageLabel(image.angle, image.metadata.mirrored);
  const preview = image.web_url ?? image.rendered_url;
  if (image.angle_status === 'completed' && preview) {
    return (
      <button
        type="button"
        onClick={() => onView({ title: `${label} Enhanced`, url: image.rendered_url ?? preview, angle: image.angle, studio: true })}
        className="block aspect-[4/3] w-full overflow-hidden bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2"
        aria-label={`View ${label} Enhanced`}
      >
        <img src={preview} alt={`${label}, studio image`} loading="lazy" decoding="async" className="size-full object-cover transition-transform hover:scale-[1.02]" />
      </button>
    );
  }
  if (image.angle_status === 'processing' || (image.angle_status === 'completed' && !preview)) {
    return (
      <div className={cn(placeholderBox, 'motion-safe:animate-pulse flex-col items-center justify-center gap-2 bg-blue-50 text-sm font-medium text-blue-800')}>
        <Spinner label={`Rendering ${label}`} className="size-7" />
        Rendering...
      </div>
    );
  }
  if (image.angle_status === 'failed') {
    return (
      <div className={cn(placeholderBox, 'flex-col justify-center gap-2 bg-red-50 p-4 pt-10 text-sm text-red-800')} data-testid="angle-error">
        <p className="line-clamp-5">{image.error_message ?? 'This angle could not be rendered.'}</p>
      </div>
    );
  }
  return (
    <div className={cn(placeholderBox, 'items-center justify-center bg-slate-50 p-4 text-center text-sm text-slate-600')}>{PACKAGE_PROGRESS_MESSAGES.queued}</div>
  );
}

/**
 * One of the 8 angles: label and status, retry count, the studio image or its error, and what can be done with it. No
 * free retry on a package whose credit was refunded (`refunded`: it is started again instead) or once they are used up.
 */
export function AngleCard({ image, packageId, refunded = false, onView }: { image: PackageImage; packageId: string; refunded?: boolean; onView: (image: ViewedImage) => void }) {
  const label = imageLabel(image.angle, image.metadata.mirrored);
  const retry = useRetryAngle(packageId);
  const download = useImageDownload();
  const completed = image.angle_status === 'completed' && (image.rendered_url ?? image.web_url);
  // The check of the car in words ("Looks good", "Please check: ..."), never a score; what to look at stands out.
  const check = image.angle_status === 'completed' && image.metadata.check ? image.metadata.check : null;
  const notes = [
    // Said by the renderer's own warning when it gave one.
    ...(image.metadata.mirrored && !image.metadata.warnings.some((w) => /mirror/i.test(w)) ? [MIRROR_IMAGE_NOTE] : []),
    ...image.metadata.warnings,
  ];
  return (
    <Card className="flex w-full flex-col overflow-hidden" data-testid="angle-card" data-angle={image.angle} data-status={image.angle_status}>
      <h3 className="truncate px-3 py-2.5 text-sm font-semibold text-slate-900" title={label}>
        {label}
      </h3>
      <div className="relative">
        <AngleBody image={image} onView={onView} />
        <AngleStatusBadge status={image.angle_status} className="pointer-events-none absolute top-2 right-2 shadow-sm" />
      </div>
      <div className="grid flex-1 content-start gap-2 p-3">
        {image.retry_count > 0 && (
          <p className="text-xs text-slate-600" data-testid="retry-count">
            Retried {image.retry_count} {image.retry_count === 1 ? 'time' : 'times'}
          </p>
        )}
        {check && (
          <ul className={cn('grid gap-1 text-xs', check.verdict === 'ok' ? 'text-emerald-800' : 'font-medium text-amber-900')} data-testid="car-check" data-verdict={check.verdict}>
            {checkWords(check).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {notes.length > 0 && (
          <ul className="grid gap-1 text-xs text-slate-600">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
        {completed && (
          <div className="mt-auto grid grid-cols-2 gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!image.original_url}
              onClick={() => image.original_url && onView({ title: 'Original Image', url: image.original_url, angle: image.angle })}
            >
              <ImageIcon aria-hidden="true" />
              Original
            </Button>
            <Button variant="outline" size="sm" onClick={() => void download((image.rendered_url ?? image.web_url)!, image.angle)}>
              <Download aria-hidden="true" />
              Download
            </Button>
          </div>
        )}
        {image.angle_status === 'failed' && image.retryable && !refunded && (
          <p className="text-xs text-slate-600" data-testid="free-retries-left">
            {RETRY_MESSAGES.retriesLeft(image.free_retries_left)}
          </p>
        )}
        {image.angle_status === 'failed' && image.retryable && !refunded && (
          <Button
            variant="outline"
            size="sm"
            className="mt-auto"
            disabled={retry.isPending}
            onClick={() =>
              retry.mutate(image.angle, {
                onError: (error) => toast.error(`${label}: retry failed`, { description: error.message }),
              })
            }
          >
            {retry.isPending ? <Spinner label="Retrying" className="size-4" /> : <RotateCcw aria-hidden="true" />}
            Retry (free)
          </Button>
        )}
      </div>
    </Card>
  );
}
