import { LinkIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES } from '@shared/messages';
import { PRODUCT_NAME } from '@shared/brand';
import { returnPathOf } from '@shared/return-to';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/page-meta';
import { applyPendingProfile } from '../api/apply-pending-profile';
import { signInWithLink, type LinkSignInOutcome } from '../api/sign-in-with-link';
import { LoginDialog } from './login-dialog';

/** Takes the token out of the address bar at once, so it is not left in history, bookmarks or screen shares. */
function takeTokenFromAddress(): string {
  const token = window.location.hash.slice(1);
  if (token) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return token;
}

// One attempt per token, even if the page mounts twice: a link works only once.
const attempts = new Map<string, Promise<LinkSignInOutcome>>();

type State = { step: 'signing-in' } | { step: 'failed'; detail: string | null };

/**
 * /auth/callback#<token>: where the e-mailed link lands; then the Dashboard, or the dashboard page the link names
 * (`?return_to=/dashboard/images`, only a path of the site's own dashboard: anything else is ignored).
 */
export function AuthCallbackPage() {
  usePageMeta('Signing in', 'Signing you in with your magic link.');
  const navigate = useNavigate();
  const [token] = useState(takeTokenFromAddress);
  const [returnTo] = useState(() => returnPathOf(window.location.search));
  const [state, setState] = useState<State>(() => (token ? { step: 'signing-in' } : { step: 'failed', detail: null }));
  const [loginOpen, setLoginOpen] = useState(false);

  useEffect(() => {
    if (!token) return;
    let current = true;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = signInWithLink(token);
      attempts.set(token, attempt);
    }
    void attempt.then(async (outcome) => {
      if (!current) return;
      if (!outcome.ok) {
        setState({ step: 'failed', detail: outcome.reason === 'error' ? outcome.message : null });
        return;
      }
      await applyPendingProfile();
      toast.success(MESSAGES.signedIn.title, { description: MESSAGES.signedIn.description });
      navigate(returnTo ?? '/dashboard', { replace: true });
    });
    return () => {
      current = false;
    };
  }, [token, returnTo, navigate]);

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-slate-100 p-6">
      {/* Text, not the landing page's BrandMark: sharing it would add a chunk to the landing page. */}
      <Link to="/" className="rounded text-xl font-extrabold text-slate-900">
        {PRODUCT_NAME}
      </Link>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        {state.step === 'signing-in' ? (
          <div className="grid justify-items-center gap-4" aria-live="polite">
            <Spinner className="size-8 text-brand-700" label="Signing you in" />
            <h1 className="text-xl font-bold text-slate-900">Signing you in...</h1>
          </div>
        ) : (
          <div className="grid justify-items-center gap-4">
            <LinkIcon className="size-10 text-red-700" aria-hidden="true" />
            <h1 className="text-xl font-bold text-slate-900">{MESSAGES.signInLinkInvalid}</h1>
            <p className="text-sm text-slate-700">
              A sign-in link works once and expires 15 minutes after it is sent. Request a new one and open the
              newest e-mail.
            </p>
            {state.detail && <p className="text-sm text-red-700">{state.detail}</p>}
            <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
              <Button onClick={() => setLoginOpen(true)}>Request a new link</Button>
              <Button variant="outline" asChild>
                <Link to="/">Back to Home</Link>
              </Button>
            </div>
          </div>
        )}
      </div>
      <LoginDialog open={loginOpen} onOpenChange={setLoginOpen} />
    </main>
  );
}
