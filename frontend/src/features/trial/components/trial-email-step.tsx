import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Angle } from '@shared/angles';
import { MESSAGES } from '@shared/messages';
import { TRIAL_CHECK_MESSAGES } from '@shared/trial-photo-checks';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-error';
import { savePendingDealerName, savePendingTrialTransfer } from '@/lib/pending-storage';
import { createTrialAccount } from '../api/trial';

/**
 * Step 2: Almost Done! The account is created with the e-mail (the server mails the magic link); the token is kept
 * so the first sign-in moves the photos into the account.
 */
export function TrialEmailStep({
  token,
  dealerName,
  uploadedCount,
  angles,
  onCreated,
}: {
  token: string;
  dealerName: string;
  uploadedCount: number;
  angles: readonly Angle[];
  onCreated: () => void;
}) {
  const [name, setName] = useState(dealerName);
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return;
    setSubmitting(true);
    try {
      const answer = await createTrialAccount({ token, email: email.trim(), dealer_name: name.trim() });
      if (!answer.success) throw new ApiError(answer.error ?? MESSAGES.accountCreationFailedFallback, 400, 'refused');
      savePendingDealerName(name);
      savePendingTrialTransfer({ trial_token: token });
      onCreated();
    } catch (error) {
      if (error instanceof ApiError && error.status > 0) {
        toast.error(MESSAGES.accountCreationFailedTitle, { description: error.message || MESSAGES.accountCreationFailedFallback });
      } else {
        toast.error(MESSAGES.accountCreationNetwork.title, { description: MESSAGES.accountCreationNetwork.description });
      }
      setSubmitting(false);
    }
  }

  return (
    <form className="grid grid-cols-1 gap-4" onSubmit={(e) => void submit(e)}>
      <div className="text-center">
        <h2 className="text-2xl font-bold text-slate-900">Almost Done!</h2>
        <p className="mt-1 text-slate-700">
          {uploadedCount === 1 ? '1 photo uploaded successfully.' : `${uploadedCount} photos uploaded successfully.`} {TRIAL_CHECK_MESSAGES.anglesGiven(angles)}{' '}
          Enter your e-mail to create your account and get a studio image of each.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-2">
        <Label htmlFor="trial-dealer-name">Dealer Name (optional)</Label>
        <Input id="trial-dealer-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="organization" disabled={submitting} />
      </div>
      <div className="grid grid-cols-1 gap-2">
        <Label htmlFor="trial-email">Email Address</Label>
        <Input id="trial-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" placeholder="you@dealership.com" disabled={submitting} />
      </div>
      <Button type="submit" size="lg" className="h-auto min-h-12 whitespace-normal" disabled={!email.trim() || submitting}>
        Create Account & Process Photos
      </Button>
    </form>
  );
}
