// First: zod's jitless setting, before any schema in the dialogs' modules is created. The landing page's entry loads
// no zod (issue 40: 3.6 KB brotli off its first paint); it loads zod with these dialogs, on first use.
import '@/lib/zod-config';
import type { TrialPlan } from '@shared/pricing';
import { LoginDialog } from './login-dialog';
import { StartTrialDialog } from './start-trial-dialog';

export type OpenAuthDialog = { kind: 'trial'; plan: TrialPlan } | { kind: 'login' } | null;

/** Both public dialogs in one module, so the page loads them together on first use. */
export default function AuthDialogs({ open, onClose }: { open: OpenAuthDialog; onClose: () => void }) {
  return (
    <>
      <StartTrialDialog
        open={open?.kind === 'trial'}
        plan={open?.kind === 'trial' ? open.plan : 'Starter'}
        onOpenChange={(o) => !o && onClose()}
      />
      <LoginDialog open={open?.kind === 'login'} onOpenChange={(o) => !o && onClose()} />
    </>
  );
}
