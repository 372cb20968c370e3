import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteError } from '@/components/errors/route-error';
import { ensureRuntimeConfig } from '@/lib/runtime-config';
import { RootLayout } from './root-layout';

/** Every route is its own chunk, so the landing page never loads dashboard code. */
const page = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="min-h-dvh" aria-busy="true" />,
    children: [
      { index: true, ...page(() => import('./routes/landing')) },
      {
        // Pages that fetch data share the lazily loaded data providers.
        lazy: async () => ({ Component: (await import('./data-providers')).default }),
        children: [
          { path: 'contact', ...page(() => import('./routes/contact')) },
          { path: 'terms', ...page(() => import('./routes/terms')) },
          { path: 'privacy', ...page(() => import('./routes/privacy')) },
          { path: 'verify', ...page(() => import('./routes/verify')) },
          { path: 'docs/api', ...page(() => import('./routes/api-docs')) },
          { path: 'trial/:token', ...page(() => import('./routes/trial')) },
          { path: 'auth/callback', ...page(() => import('./routes/auth-callback')) },
          {
            path: 'dashboard',
            // Signed-in only: the loader sends a signed-out visitor to / (with the page as return_to) before any dashboard
            // page renders.
            lazy: async () => {
              const [{ requireSession }, layout] = await Promise.all([
                import('@/features/dashboard/api/require-session'),
                import('./routes/dashboard-layout'),
              ]);
              // The router starts at boot, alongside /config.json; the session check needs the configuration.
              const loader = async ({ request }: { request: Request }) => {
                await ensureRuntimeConfig();
                return requireSession(request);
              };
              return { loader, Component: layout.default };
            },
            children: [
              { index: true, ...page(() => import('./routes/dashboard-overview')) },
              // One route for the gallery and a package's own address (/dashboard/car-packages/{id}): the page, and the
              // photos chosen in its form, stay mounted between them.
              { path: 'car-packages/:packageId?', ...page(() => import('./routes/car-packages')) },
              { path: 'images', ...page(() => import('@/features/images/components/images-page')) },
              { path: 'image-processor', ...page(() => import('./routes/image-processor')) },
              { path: 'settings', ...page(() => import('./routes/settings')) },
              { path: 'support', ...page(() => import('@/features/dashboard/components/support-page')) },
              { path: 'admin', ...page(() => import('./routes/admin')) },
            ],
          },
          { path: '*', ...page(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
export type AppRouter = ReturnType<typeof createAppRouter>;

/** Resolves once the router has loaded the code (and data) of the first page. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((done) => {
    if (router.state.initialized) return done();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });
}
