import '@/lib/zod-config';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ConfigError } from '@/components/errors/config-error';
import { ensureRuntimeConfig } from '@/lib/runtime-config';
import '@/styles/index.css';
import { App } from './app';
import { createAppRouter, routerReady, type AppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A pre-rendered page (contact.html, terms.html, privacy.html) is already painted: its router starts at once,
// alongside /config.json, and once the page's code is loaded React hydrates the painted page (in a transition, so it
// yields to the browser) instead of drawing it again. Elsewhere the app renders as soon as the configuration is there, so the toaster is
// mounted before a route's loader may toast (e.g. "Authentication required" on the way from /dashboard to /).
const prerendered = container.firstElementChild !== null;
const early: AppRouter | null = prerendered ? createAppRouter() : null;

// The runtime configuration decides every endpoint; without it the app shows which value is missing.
Promise.all([ensureRuntimeConfig(), early && routerReady(early)]).then(
  () => {
    if (early) {
      startTransition(
        () =>
          void hydrateRoot(
            container,
            <StrictMode>
              <App router={early} />
            </StrictMode>,
          ),
      );
      return;
    }
    createRoot(container).render(
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error(error);
    createRoot(container).render(<ConfigError message={error instanceof Error ? error.message : String(error)} />);
  },
);
