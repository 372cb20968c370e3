import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@/styles/index.css';
import { LandingApp } from './landing-app';

const container = document.getElementById('root');
if (!container) throw new Error('landing.html has no #root element');

// The build pre-renders the page into #root, so it is painted before any script runs. Hydrating in a transition lets
// React yield to the browser every few milliseconds instead of blocking the main thread for the whole page.
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, <LandingApp />));
else createRoot(container).render(<LandingApp />);
