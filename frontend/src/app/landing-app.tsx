import { StrictMode } from 'react';
import { DeferredToaster } from './deferred-toaster';
import LandingRoute from './routes/landing';

/**
 * The landing page on its own: no router, no TanStack Query, no runtime configuration at boot. The same tree is
 * rendered to HTML at build time (landing-prerender.tsx) and hydrated in the browser (landing-main.tsx).
 */
export function LandingApp() {
  return (
    <StrictMode>
      <LandingRoute />
      <DeferredToaster />
    </StrictMode>
  );
}
