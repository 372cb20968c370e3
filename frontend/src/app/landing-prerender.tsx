import { renderToString } from 'react-dom/server';
import { LandingApp } from './landing-app';

/** Build step (vite.config.ts): the landing page's HTML, hydrated later by landing-main.tsx. */
export function renderLanding(): string {
  return renderToString(<LandingApp />);
}
