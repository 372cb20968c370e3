import { CheckCircle2, Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PRODUCT_NAME } from '@shared/brand';
import { TRIAL_CREDITS } from '@shared/limits';
import { MESSAGES, TRIAL_CREDIT_MESSAGES } from '@shared/messages';
import type { TrialPlan } from '@shared/pricing';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { startTrial } from '../api/start-trial';
import { looksLikeEmail } from './email-check';

export interface StartTrialDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan?: TrialPlan;
}

type State = { step: 'form'; error: string | null } | { step: 'sending' } | { step: 'done'; email: string };

export function StartTrialDialog({ open, onOpenChange, plan = 'Starter' }: StartTrialDialogProps) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [dealerName, setDealerName] = useState('');
  const [state, setState] = useState<State>({ step: 'form', error: null });

  const reset = () => {
    setEmail('');
    setDealerName('');
    setState({ step: 'form', error: null });
  };
  // Spec section 4: Cancel, the X, Escape and Got it! all clear the fields and the error, so the next opening starts empty.
  const changeOpen = (next: boolean) => {
    if (state.step === 'sending') return;
    onOpenChange(next);
    if (!next) reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      setState({ step: 'form', error: MESSAGES.invalidEmail });
      return;
    }
    setState({ step: 'sending' });
    try {
      await startTrial({ email: email.trim(), dealerName });
      setState({ step: 'done', email: email.trim() });
      toast.success(MESSAGES.trialStarted.title, { description: MESSAGES.trialStarted.description });
    } catch (error) {
      console.error('Trial sign-up failed', error);
      const message = error instanceof Error && error.message ? error.message : MESSAGES.signupFailedFallback;
      setState({ step: 'form', error: message });
      toast.error(MESSAGES.signupFailedTitle, { description: message });
    }
  };

  const sending = state.step === 'sending';
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        {state.step === 'done' ? (
          <>
            <DialogHeader className="items-center text-center">
              <Mail className="size-12 text-brand-700" aria-hidden="true" />
              {/* Nothing is granted yet: the credits come with the first sign-in, once per person (docs/product.md, "Trial credits"). */}
              <DialogTitle>Check your email to sign in</DialogTitle>
              <DialogDescription>{TRIAL_CREDIT_MESSAGES.offer(TRIAL_CREDITS)}</DialogDescription>
            </DialogHeader>
            <p className="flex items-start gap-3 rounded-lg bg-slate-50 p-4 text-sm text-slate-800" data-testid="trial-sent">
              <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
              <span>
                We sent a sign-in link to <strong className="break-all">{state.email}</strong>. Open it on this or any
                device to sign in to {PRODUCT_NAME}.
              </span>
            </p>
            <Button
              onClick={() => {
                onOpenChange(false);
                reset();
              }}
            >
              Got it!
            </Button>
          </>
        ) : (
          <form onSubmit={submit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Start Your {plan} Free Trial</DialogTitle>
              <DialogDescription>{TRIAL_CREDIT_MESSAGES.offer(TRIAL_CREDITS)} No credit card needed.</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input
                id={`${id}-email`}
                type="email"
                required
                autoComplete="email"
                placeholder="you@dealership.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                disabled={sending}
                aria-invalid={state.step === 'form' && state.error ? true : undefined}
                aria-describedby={state.step === 'form' && state.error ? `${id}-error` : undefined}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-dealer`}>Dealership name (optional)</Label>
              <Input
                id={`${id}-dealer`}
                autoComplete="organization"
                placeholder="Your Dealership"
                value={dealerName}
                onChange={(e) => setDealerName(e.target.value)}
                disabled={sending}
              />
            </div>
            {state.step === 'form' && state.error && (
              <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
                {state.error}
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => changeOpen(false)} disabled={sending}>
                Cancel
              </Button>
              <Button type="submit" disabled={sending}>
                {sending ? 'Starting Trial...' : 'Start Free Trial'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
