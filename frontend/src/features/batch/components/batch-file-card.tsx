import { CheckCircle2, X, XCircle } from 'lucide-react';
import { Progress } from '@/components/ui/progress';
import { formatFileSize } from '@/lib/format';
import { cn } from '@/lib/utils';
import { BATCH_MESSAGES } from '@shared/messages';
import type { BatchPhotoCheck } from '../api/check-batch-photos';
import type { BatchFile } from '../hooks/use-batch-files';

const STATUS_TEXT: Record<BatchFile['status'], string> = {
  pending: 'Pending',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  processing: 'Processing',
  error: 'Failed',
};


/**
 * One photo of the batch: its preview, its state and progress, its error, and what the server made of it; before the
 * start, what the car check said of it (a refused photo says why and is left out of the batch).
 */
export function BatchFileCard({ file, check, removable, onRemove }: { file: BatchFile; check?: BatchPhotoCheck; removable: boolean; onRemove: () => void }) {
  const refusal = check?.state === 'refused' && file.status === 'pending' ? check.reason : null;
  const checking = check?.state === 'checking' && file.status === 'pending';
  const failed = file.status === 'error' || file.outcome === 'failed' || refusal !== null;
  const label = refusal !== null ? BATCH_MESSAGES.refusedStatus : checking ? BATCH_MESSAGES.checkingStatus : file.outcome === 'completed' ? 'Completed' : file.outcome === 'failed' ? 'Failed' : STATUS_TEXT[file.status];
  const error = refusal ?? file.error;
  return (
    <li
      className={cn('relative overflow-hidden rounded-lg border bg-white', failed ? 'border-red-300' : file.outcome === 'completed' ? 'border-emerald-300' : 'border-slate-200')}
      data-testid="batch-file"
      data-status={file.status}
      data-outcome={file.outcome ?? ''}
      data-check={check?.state ?? ''}
    >
      <img src={file.preview} alt={file.file.name} className="aspect-[4/3] w-full object-cover" />
      {removable && (
        <button
          type="button"
          onClick={onRemove}
          className="absolute top-1.5 right-1.5 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`Remove ${file.file.name}`}
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
      <div className="grid gap-1.5 p-2.5">
        <p className="truncate text-sm font-medium text-slate-900" title={file.file.name}>
          {file.file.name}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-0.5 text-xs">
          <span className="whitespace-nowrap text-slate-600">{formatFileSize(file.file.size)}</span>
          <span className={cn('inline-flex items-center gap-1 font-semibold whitespace-nowrap', failed ? 'text-red-700' : file.outcome === 'completed' ? 'text-emerald-700' : 'text-slate-700')} data-testid="batch-file-status">
            {file.outcome === 'completed' && <CheckCircle2 className="size-3.5" aria-hidden="true" />}
            {failed && <XCircle className="size-3.5" aria-hidden="true" />}
            {label}
            {!failed && file.outcome === null && file.status !== 'pending' ? ` ${file.progress}%` : ''}
          </span>
        </div>
        {file.status !== 'error' && refusal === null && <Progress value={file.progress} label={`${file.file.name}: ${file.progress}%`} className="h-1.5" />}
        {error && (
          <p className="text-xs text-red-700" role="alert" data-testid="batch-file-error">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
