import { CheckCircle2, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import type { Angle } from '@shared/angles';
import { TRIAL_CREDITS } from '@shared/limits';
import { MESSAGES, TRIAL_CREDIT_MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/page-meta';
import { validateTrialToken } from '../api/trial';
import { TrialEmailStep } from './trial-email-step';
import { TrialSteps } from './trial-steps';
import { TrialUploadStep } from './trial-upload-step';

type State =
  | { step: 'validating' }
  | { step: 'invalid'; error: string }
  | { step: 'upload'; dealer: string }
  | { step: 'email'; dealer: string; uploaded: number; angles: Angle[] }
  | { step: 'complete'; dealer: string };

// One check per token even if the page mounts twice (StrictMode): each check counts against the link's limit.
const checks = new Map<string, ReturnType<typeof validateTrialToken>>();

/** /trial/{token}: validating, invalid, or upload, then email, then complete (spec "Trial page" and section 4). */
export function TrialPage() {
  const { token } = useParams();
  usePageMeta('Free Trial', 'Try studio images of your cars with your personal trial link.');
  const [state, setState] = useState<State>({ step: 'validating' });

  useEffect(() => {
    if (!token) {
      setState({ step: 'invalid', error: MESSAGES.invalidTrialLinkFallback });
      return;
    }
    let current = true;
    let check = checks.get(token);
    if (!check) {
      check = validateTrialToken(token);
      checks.set(token, check);
      void check.finally(() => checks.delete(token)).catch(() => undefined);
    }
    check.then(
      (answer) => {
        if (!current) return;
        if (answer.valid) {
          const welcome = MESSAGES.validTrialLink(answer.dealer_name);
          toast.success(welcome.title, { description: welcome.description });
          setState({ step: 'upload', dealer: answer.dealer_name ?? '' });
        } else {
          const error = answer.error || MESSAGES.invalidTrialLinkFallback;
          toast.error(MESSAGES.invalidTrialLinkTitle, { description: error });
          setState({ step: 'invalid', error });
        }
      },
      () => {
        if (!current) return;
        toast.error(MESSAGES.trialValidationFailed.title, { description: MESSAGES.trialValidationFailed.description });
        setState({ step: 'invalid', error: MESSAGES.trialValidationFailedState });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (state.step === 'validating') {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-100 p-6" aria-live="polite">
        <Spinner className="size-10 text-brand-700" label="Validating" />
        <p className="text-slate-700">{MESSAGES.validatingTrialLink}</p>
      </main>
    );
  }

  if (state.step === 'invalid') {
    return (
      <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-6">
        <div className="grid w-full max-w-md justify-items-center gap-4 rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <TriangleAlert className="size-10 text-red-700" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">{MESSAGES.invalidTrialLinkTitle}</h1>
          <p className="text-slate-700">{state.error}</p>
          <Button asChild>
            <Link to="/">Go to Homepage</Link>
          </Button>
        </div>
      </main>
    );
  }

  const current = state.step === 'upload' ? 0 : state.step === 'email' ? 1 : 2;
  return (
    <main className="min-h-dvh bg-slate-100 px-4 py-8 sm:py-12">
      <div className="mx-auto grid w-full max-w-2xl grid-cols-1 gap-6">
        <header className="text-center">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Free Trial for {state.dealer || 'Dealer'}</h1>
          <p className="mt-2 text-slate-700">Upload photos of a car and see them as studio images, free.</p>
        </header>
        <TrialSteps current={current} />
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-8">
          {state.step === 'upload' && <TrialUploadStep token={token} onUploaded={(uploaded, angles) => setState({ step: 'email', dealer: state.dealer, uploaded, angles })} />}
          {state.step === 'email' && token && (
            <TrialEmailStep token={token} dealerName={state.dealer} uploadedCount={state.uploaded} angles={state.angles} onCreated={() => setState({ step: 'complete', dealer: state.dealer })} />
          )}
          {state.step === 'complete' && (
            <div className="grid justify-items-center gap-4 text-center">
              <CheckCircle2 className="size-12 text-green-700" aria-hidden="true" />
              <h2 className="text-2xl font-bold text-slate-900">Account Created Successfully!</h2>
              <p className="text-slate-700">
                We sent an e-mail with your sign-in link: open it to sign in. {TRIAL_CREDIT_MESSAGES.offer(TRIAL_CREDITS)} With one of
                them your trial photos become a studio car package.
              </p>
              <Button asChild>
                <Link to="/">Go to Homepage</Link>
              </Button>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}
