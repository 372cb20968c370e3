import { lazy, Suspense, useEffect, useState } from 'react';
import { hasStoredSession } from '@/lib/stored-session';

// The bar and its code (the zip request, the spinner, saving a file) load only for the dealer who shared the car.
const DealerDownloadBar = lazy(() => import('./dealer-download-bar').then((m) => ({ default: m.DealerDownloadBar })));

/**
 * "Download all" for the dealer who shared the car, when they open its page signed in. Buyers see nothing of it, and
 * their page loads none of its code nor any sign-in code: the owner is asked for only when the browser holds a
 * sign-in, and the server answers the package only to its dealer.
 */
export function DealerDownloadAll({ token }: { token: string }) {
  const [packageId, setPackageId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // In a task of its own once the page has hydrated: a browser's first look into its storage is slow on a phone.
    const later = setTimeout(() => {
      if (!hasStoredSession()) return;
      void import('../api/dealer-download').then(({ ownPackageOf }) => ownPackageOf(token)).then((id) => live && setPackageId(id), () => undefined);
    });
    return () => {
      live = false;
      clearTimeout(later);
    };
  }, [token]);
  if (!packageId) return null;
  return (
    <Suspense fallback={null}>
      <DealerDownloadBar packageId={packageId} />
    </Suspense>
  );
}
