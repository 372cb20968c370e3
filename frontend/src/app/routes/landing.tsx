import { lazy, Suspense, useState } from 'react';
import type { OpenAuthDialog } from '@/features/auth/components/auth-dialogs';
import { LandingPage } from '@/features/landing/components/landing-page';

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
