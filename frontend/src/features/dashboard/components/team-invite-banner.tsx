import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { ROLE_LABELS } from '@shared/team';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useMe } from '../api/account';
import { useAcceptInvite } from '../api/team-invite';

const dismissedKey = (inviteId: string) => `studio-lot.team-invite-dismissed.${inviteId}`;

/**
 * The dashboard's notice of a waiting invite (issue 42, item 4: a person belongs to one dealership). GET /api/me names
 * the invite when the signed-in person's address has one from another dealership. "Join" asks them to confirm leaving
 * the one they are in: a member leaves it (what they made stays there); the person who created it alone has it deleted
 * with its data. They stay signed in, now in the inviting dealership. "Not now" hides this invite in this browser.
 */
export function TeamInviteBanner() {
  const me = useMe();
  const invite = me.data?.team_invite ?? null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const founder = !!me.data && me.data.member.id === me.data.profile.id;
  const accept = useAcceptInvite();
  if (!me.data || !invite || dismissed === invite.id || localStorage.getItem(dismissedKey(invite.id))) return null;
  const current = me.data.profile.dealer_name || 'your dealership';
  const pending = accept.isPending;
  const join = () =>
    accept.mutate(invite.id, {
      onSuccess: (joined) => {
        setOpen(false);
        toast.success(`You joined ${joined.dealership.name ?? invite.dealership}`, { description: `As ${ROLE_LABELS[joined.role].toLowerCase()}.` });
      },
      onError: (error) => toast.error('You did not join', { description: error.message || MESSAGES.internalError }),
    });
  const notNow = () => {
    localStorage.setItem(dismissedKey(invite.id), '1');
    setDismissed(invite.id);
  };
  return (
    <Card role="region" aria-labelledby="team-invite-title" className="mb-6 flex flex-col gap-3 border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="team-invite-banner">
      <div className="flex min-w-0 items-start gap-3">
        <UserPlus className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <div className="min-w-0">
          <p id="team-invite-title" className="font-semibold text-slate-900">
            {invite.dealership} invited you to join as {ROLE_LABELS[invite.role].toLowerCase()}.
          </p>
          <p className="text-sm text-slate-700">You belong to {current} now: joining means leaving it.</p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button onClick={() => setOpen(true)} disabled={pending}>
          Join
        </Button>
        <Button variant="outline" onClick={notNow}>
          Not now
        </Button>
      </div>
      <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Leave {current} to join {invite.dealership}?</DialogTitle>
            <DialogDescription>
              {founder
                ? `You created ${current}: leaving it deletes it at once, for good, with its car packages, images, credits and their history. Payment records are kept for finance and tax law. You stay signed in, in ${invite.dealership}.`
                : `You leave ${current} at once; the car packages and credit entries you made stay with it. You stay signed in, in ${invite.dealership}.`}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button className="bg-red-700 text-white hover:bg-red-800" onClick={join} disabled={pending}>
              {pending ? 'Joining...' : founder ? `Delete ${current} and join` : `Leave ${current} and join`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
