import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_VISIBLE } from '@shared/limits';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * Toasts (3 visible, 4 s) only ever follow something the visitor did, so the toaster's code is loaded on the
 * first pointer or key press instead of weighing on the first paint of the landing page.
 */
export function DeferredToaster() {
  // Any page but the landing page may toast on arrival (e.g. a sign-in redirect), so it mounts the toaster at once
  // (in an effect: the first render matches the pre-rendered HTML, which has no toaster).
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    if (window.location.pathname !== '/') return setWanted(true);
    const want = () => setWanted(true);
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    for (const e of events) window.addEventListener(e, want, { once: true, passive: true, capture: true });
    return () => {
      for (const e of events) window.removeEventListener(e, want, { capture: true });
    };
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={TOAST_VISIBLE}
        duration={TOAST_DURATION_MS}
        position="top-right"
        // Under 600 px sonner spans the full width at the top, where it would cover the header's menu and sign-in
        // buttons for as long as a finger rests on it; below the 64 px header they stay usable.
        mobileOffset={{ top: 72 }}
        richColors
        closeButton
      />
    </Suspense>
  );
}
