import { lazy, Suspense, useState } from 'react';
import type { OpenAuthDialog } from '@/features/auth/components/auth-dialogs';
import { LandingPage } from '@/features/landing/components/landing-page';

// The dialogs (Radix Dialog, and Amplify once they send) load on first use, not with the landing page.
const AuthDialogs = lazy(() => import('@/features/auth/components/auth-dialogs'));

export default function LandingRoute() {
  const [dialog, setDialog] = useState<OpenAuthDialog>(null);
  const [used, setUsed] = useState(false);
  const open = (next: OpenAuthDialog) => {
    setUsed(true);
    setDialog(next);
  };
  return (
    <>
      <LandingPage onStartTrial={(plan) => open({ kind: 'trial', plan })} onLogin={() => open({ kind: 'login' })} />
      {used && (
        <Suspense fallback={null}>
          <AuthDialogs open={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
