import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useEraseAccount } from '../api/erasure';
import { useSignOut } from '../hooks/use-sign-out';

const AFTER_ERASURE = { notice: MESSAGES.accountErased, global: false };

/** Settings → Delete my account: a confirm dialog, then the server erases everything at once and we sign out here. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const erase = useEraseAccount();
  // The sign-in no longer exists on the server: forget this browser's tokens, say so, back to /.
  const signOut = useSignOut(AFTER_ERASURE);

  const confirm = () =>
    erase.mutate(undefined, {
      onSuccess: signOut,
      onError: (error) => toast.error(error.message || MESSAGES.internalError),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !erase.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="outline" className="border-red-300 text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This deletes at once, for good: your profile, logo, credits and their history, every car package with its photos and studio images,
            your support tickets and your sign-in. Unused credits are lost. Payment records are kept for finance and tax law.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={erase.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button className="bg-red-700 text-white hover:bg-red-800" onClick={confirm} disabled={erase.isPending}>
            {erase.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
