import { RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { RETRY_MESSAGES } from '@shared/messages';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useStartPackageAgain } from '../api/package-actions';

/**
 * A package refunded because nothing rendered is not retried for free: "Start again (1 credit)" asks for confirmation,
 * then the server makes a new package from the same photos and charges it; the new package opens.
 */
export function StartAgainDialog({ packageId, title, onStarted }: { packageId: string; title: string; onStarted: (id: string) => void }) {
  const again = useStartPackageAgain();
  return (
    <ConfirmDialog
      trigger={
        <Button>
          <RotateCcw aria-hidden="true" />
          {RETRY_MESSAGES.startAgainButton}
        </Button>
      }
      title={RETRY_MESSAGES.startAgainTitle}
      description={`${title}: ${RETRY_MESSAGES.startAgainText}`}
      confirmLabel={RETRY_MESSAGES.startAgainConfirm}
      pendingLabel="Starting..."
      run={async () => {
        const { package: started } = await again.mutateAsync(packageId);
        toast.success(RETRY_MESSAGES.startedAgain);
        onStarted(started.id);
      }}
    />
  );
}
