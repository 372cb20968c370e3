import { lazy, Suspense, useEffect, useState } from 'react';
import { CREDIT_PACKAGES } from '@shared/pricing';
import type { OpenAuthDialog } from '@/features/auth/components/auth-dialogs';
import { LandingPage } from '@/features/landing/components/landing-page';
import { hasStoredSession } from '@/lib/stored-session';

// The dialogs (Radix Dialog, and Amplify once they send) load on first use, not with the landing page; so does the
// runtime configuration they send with (the landing entry does not load it at boot).
// Without a usable configuration the visitor sees which value is missing, as on every other page.
const AuthDialogs = lazy(async () => {
  const dialogs = import('@/features/auth/components/auth-dialogs');
  try {
    await (await import('@/lib/runtime-config')).ensureRuntimeConfig();
    return await dialogs;
  } catch (error) {
    const { ConfigError } = await import('@/components/errors/config-error');
    const message = error instanceof Error ? error.message : String(error);
    return {
      default: () => (
        <div className="fixed inset-0 z-50">
          <ConfigError message={message} />
        </div>
      ),
    };
  }
});

export default function LandingRoute() {
  const [dialog, setDialog] = useState<OpenAuthDialog>(null);
  const [used, setUsed] = useState(false);
  const open = (next: OpenAuthDialog) => {
    setUsed(true);
    setDialog(next);
  };
  // After hydration (the pre-rendered page is the signed-out one): a signed-in dealer buys from the pricing section.
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(hasStoredSession()), []);
  const buy = (planName: string) => {
    const id = CREDIT_PACKAGES.find((p) => p.name === planName)?.id;
    // The purchase dialog lives in the dashboard (the landing page loads no data layer); it opens at this package.
    window.location.assign(id ? `/dashboard?buy=${encodeURIComponent(id)}` : '/dashboard?buy=');
  };
  return (
    <>
      <LandingPage onStartTrial={(plan) => open({ kind: 'trial', plan })} onLogin={() => open({ kind: 'login' })} onBuy={signedIn ? buy : undefined} />
      {used && (
        <Suspense fallback={null}>
          <AuthDialogs open={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
