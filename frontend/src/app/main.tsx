import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigError } from '@/components/errors/config-error';
import { loadRuntimeConfig } from '@/lib/runtime-config';
import '@/styles/index.css';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The runtime configuration decides every endpoint; without it the app shows which value is missing.
loadRuntimeConfig().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error(error);
    root.render(<ConfigError message={error instanceof Error ? error.message : String(error)} />);
  },
);
