import { Spinner } from '@/components/ui/spinner';
import { useTrialTransferRunning } from '../hooks/use-trial-transfer';

/** Shown on the dashboard while the trial photos move into the account. */
export function TrialTransferBanner() {
  const running = useTrialTransferRunning();
  if (!running) return null;
  return (
    <div role="status" className="mb-6 flex items-center gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900">
      <Spinner className="size-5 text-brand-700" label="Transferring" />
      <p className="font-medium">Transferring your trial photos...</p>
    </div>
  );
}
