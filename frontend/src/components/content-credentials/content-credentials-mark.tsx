import { useMutation } from '@tanstack/react-query';
import { ChevronDown, ShieldCheck } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

// The check (the API client, its messages and schemas) and the report (its icons) are loaded when the mark is first
// opened: the shared car's page shows the mark to every buyer, few of whom open it, and its first render on a phone
// must not wait for that code.
const CredentialsReport = lazy(() => import('./credentials-report').then((m) => ({ default: m.CredentialsReport })));

/**
 * The small "Content credentials" mark on a studio image. Opening it reads the credentials the image itself
 * carries (the file is fetched and checked by the server, as /verify does), so what it lists is what a buyer or a
 * marketplace will read. Shared: the image viewer uses it, and My Images will.
 */
export function ContentCredentialsMark({
  imageUrl,
  className,
  originalNote = 'Your original photo is kept, unchanged, with this package.',
  quiet = false,
}: {
  imageUrl: string;
  className?: string;
  /** A small plain badge (one per page: the shared car's page) instead of the pill beside each image. */
  quiet?: boolean;
  /** Said below the report; the public page of a shared car (buyers) says nothing of the dealer's photos. */
  originalNote?: string;
}) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const check = useMutation({
    mutationFn: async () => {
      const response = await fetch(imageUrl);
      if (!response.ok) throw new Error('The image could not be loaded.');
      // The report's code comes in beside the check, so it is there when the answer is.
      const [{ checkImageCredentials }, image] = await Promise.all([import('./check-image-credentials'), response.blob(), import('./credentials-report')]);
      return checkImageCredentials(image);
    },
  });
  const toggle = () => {
    if (!open && !check.data && !check.isPending) check.mutate();
    setOpen(!open);
  };
  return (
    // Quiet, its button and report sit in the parent's row (the report on a line of its own below).
    <div className={cn('text-left', quiet && 'contents', className)}>
      <button
        type="button"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panel}
        className={cn(
          'inline-flex items-center gap-1.5 text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          quiet
            ? 'min-h-6 rounded px-0.5 text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline'
            : 'rounded-full border border-slate-300 bg-white px-2.5 py-1 font-semibold text-slate-800 hover:bg-slate-50',
        )}
      >
        <ShieldCheck className={cn('size-3.5', quiet ? 'text-slate-500' : 'text-brand-700')} aria-hidden="true" />
        {CONTENT_CREDENTIALS.mark}
        <ChevronDown className={cn('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      {open && (
        <div id={panel} className={cn('rounded-lg border border-slate-200 bg-white p-3', quiet ? 'w-full' : 'mt-3')}>
          {check.isPending && <Spinner label="Reading the content credentials" className="size-5 text-brand-700" />}
          {check.isError && (
            <p role="alert" className="text-sm text-red-700">
              {check.error.message}
            </p>
          )}
          {check.data && (
            <Suspense fallback={<Spinner label="Reading the content credentials" className="size-5 text-brand-700" />}>
              <CredentialsReport report={check.data} originalNote={originalNote || undefined} />
            </Suspense>
          )}
        </div>
      )}
    </div>
  );
}
