import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { useEraseAccount } from '../api/erasure';
import { useSignOut } from '../hooks/use-sign-out';

const AFTER_ERASURE = { notice: MESSAGES.accountErased, global: false };
const AFTER_MEMBER_ERASURE = { notice: { title: 'Your data was deleted', description: 'A confirmation was sent to your e-mail address.' }, global: false };

const WORDS = {
  /** A dealer alone, or the owner of a team: the whole dealership goes. */
  dealership: {
    button: 'Delete my account',
    title: 'Delete your account?',
    body: "This deletes at once, for good: your profile, logo, credits and their history, every car package with its photos and studio images, your support tickets and your sign-in. If you have a team, every member's sign-in and the pending invites go too. Unused credits are lost. Payment records are kept for finance and tax law.",
  },
  team: {
    button: 'Delete the dealership',
    title: 'Delete the whole dealership?',
    body: "This deletes at once, for good, for every member: the dealership's profile, logo, credits and their history, every car package with its photos and studio images, support tickets, every member's sign-in and the pending invites. Unused credits are lost. Payment records are kept for finance and tax law.",
  },
  /** A member's own data (issue 42): the dealership keeps its records. */
  me: {
    button: 'Delete my data',
    title: 'Delete your data?',
    body: 'This deletes at once, for good: your sign-in, your e-mail address and your membership of the dealership. The car packages and credit entries you made stay with the dealership, shown as made by a former member.',
  },
} as const;

/**
 * Settings → Delete: a confirm dialog, then the server erases at once and we sign out here. `dealership`: the dealer's
 * whole account; `team`: the same for a dealership with members (owners); `me`: a member's own data only.
 */
export function DeleteAccount({ scope = 'dealership' }: { scope?: keyof typeof WORDS }) {
  const [open, setOpen] = useState(false);
  const erase = useEraseAccount(scope === 'me' ? 'me' : 'dealership');
  const words = WORDS[scope];
  // The sign-in no longer exists on the server: forget this browser's tokens, say so, back to /.
  const signOut = useSignOut(scope === 'me' ? AFTER_MEMBER_ERASURE : AFTER_ERASURE);

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
          {words.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{words.title}</DialogTitle>
          <DialogDescription>{words.body}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={erase.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button className="bg-red-700 text-white hover:bg-red-800" onClick={confirm} disabled={erase.isPending}>
            {erase.isPending ? 'Deleting...' : words.button}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
