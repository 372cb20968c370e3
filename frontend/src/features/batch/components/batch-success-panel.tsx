import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BATCH_MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';

/**
 * After the batch started: where the images will be, or another batch. `finished`: every photo has its final state
 * (the counts), or null while some are still processing.
 */
export function BatchSuccessPanel({ onUploadMore, finished }: { onUploadMore: () => void; finished: { completed: number; failed: number } | null }) {
  return (
    <section
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-center sm:p-6"
      aria-labelledby="batch-success-title"
      data-testid="batch-success"
      data-finished={finished ? 'true' : 'false'}
    >
      <CheckCircle2 className="mx-auto size-10 text-emerald-700" aria-hidden="true" />
      <h2 id="batch-success-title" className="mt-2 text-lg font-bold text-slate-900" aria-live="polite">
        {finished ? BATCH_MESSAGES.doneTitle : BATCH_MESSAGES.successTitle}
      </h2>
      <p className="mt-1 text-slate-700">{finished ? BATCH_MESSAGES.doneText(finished.completed, finished.failed) : BATCH_MESSAGES.successText}</p>
      <div className="mt-4 flex flex-col justify-center gap-2 sm:flex-row">
        <Button asChild>
          <Link to="/dashboard/images">{BATCH_MESSAGES.viewMyImages}</Link>
        </Button>
        <Button variant="outline" onClick={onUploadMore}>
          {BATCH_MESSAGES.uploadMore}
        </Button>
      </div>
    </section>
  );
}
