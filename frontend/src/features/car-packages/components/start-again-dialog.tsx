import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { RETRY_MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useStartPackageAgain } from '../api/package-actions';

/**
 * A package refunded because nothing rendered is not retried for free: "Start again (1 credit)" asks for confirmation,
 * then the server makes a new package from the same photos and charges it; the new package opens.
 */
export function StartAgainDialog({ packageId, title, onStarted }: { packageId: string; title: string; onStarted: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const again = useStartPackageAgain();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <RotateCcw aria-hidden="true" />
          {RETRY_MESSAGES.startAgainButton}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{RETRY_MESSAGES.startAgainTitle}</DialogTitle>
          <DialogDescription>
            {title}: {RETRY_MESSAGES.startAgainText}
          </DialogDescription>
        </DialogHeader>
        {error && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            disabled={again.isPending}
            onClick={() =>
              again.mutate(packageId, {
                onSuccess: ({ package: started }) => {
                  setOpen(false);
                  toast.success(RETRY_MESSAGES.startedAgain);
                  onStarted(started.id);
                },
                onError: (e) => setError(e.message),
              })
            }
          >
            {again.isPending ? 'Starting...' : RETRY_MESSAGES.startAgainConfirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
