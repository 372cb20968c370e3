import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { returnPathOf } from '@shared/return-to';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { sendMagicLink } from '../api/send-magic-link';
import { looksLikeEmail } from './email-check';

export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

type State = { step: 'form'; error: string | null } | { step: 'sending' } | { step: 'sent'; email: string };

export function LoginDialog({ open, onOpenChange }: LoginDialogProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ step: 'form', error: null });

  const close = () => {
    onOpenChange(false);
    setEmail('');
    setState({ step: 'form', error: null });
  };
  const changeOpen = (next: boolean) => {
    if (state.step === 'sending') return;
    if (next) onOpenChange(true);
    else close();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec section 5: empty or without "@" is refused here, nothing is sent.
    if (!looksLikeEmail(email)) {
      setState({ step: 'form', error: MESSAGES.invalidEmail });
      return;
    }
    setState({ step: 'sending' });
    try {
      // Sent away from a dashboard page while signed out (/?return_to=...): the link brings the dealer back there.
      await sendMagicLink(email.trim(), undefined, returnPathOf(window.location.search));
      setState({ step: 'sent', email: email.trim() });
      toast.success(MESSAGES.magicLinkSent.title, { description: MESSAGES.magicLinkSent.description });
    } catch (error) {
      console.error('Sign-in failed', error);
      const message = error instanceof Error && error.message ? error.message : MESSAGES.loginFailedFallback;
      setState({ step: 'form', error: message });
      toast.error(MESSAGES.loginFailedTitle, { description: message });
    }
  };

  const sending = state.step === 'sending';
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        {state.step === 'sent' ? (
          <>
            <DialogHeader className="items-center text-center">
              <MailCheck className="size-12 text-brand-700" aria-hidden="true" />
              <DialogTitle>Check your email</DialogTitle>
              <DialogDescription>
                <strong className="break-all text-slate-900">{state.email}</strong>: {MESSAGES.magicLinkSentView}
              </DialogDescription>
            </DialogHeader>
            <Button onClick={close}>Close</Button>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Welcome back</DialogTitle>
              <DialogDescription>Sign in with a magic link sent to your email. No password needed.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                placeholder="you@dealership.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                disabled={sending}
                aria-invalid={state.step === 'form' && state.error ? true : undefined}
                aria-describedby={state.step === 'form' && state.error ? `${id}-error` : undefined}
              />
            </div>
            {state.step === 'form' && state.error && (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
                {state.error}
              </p>
            )}
            <Button type="submit" disabled={sending}>
              {sending ? 'Sending...' : 'Send Magic Link'}
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
