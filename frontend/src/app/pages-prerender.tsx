import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { takeServerPageMeta, type PageMeta } from '@/lib/page-meta';
import { AppProvider } from './provider';
import { routes } from './router';

/** Public pages whose HTML the build pre-renders (served for their path), so their text paints before any script. */
export const PRERENDERED_PAGES = ['/contact', '/terms', '/privacy'] as const;

/**
 * Build step (vite.config.ts): the markup the SPA renders for `path`, with the title and description the page
 * declares. main.tsx hydrates it once the route's code is loaded, so the page never flashes empty.
 */
export async function renderPage(path: string): Promise<{ markup: string; meta: PageMeta }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  takeServerPageMeta();
  const markup = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const meta = takeServerPageMeta();
  if (!meta) throw new Error(`${path} declares no title and description (usePageMeta)`);
  return { markup, meta };
}
