import { ensureSpaBuilt } from './spa-build';

/** `npm run build`: the SPA into frontend/dist (skipped when nothing changed since the last build). */
const outcome = await ensureSpaBuilt();
console.log(outcome === 'fresh' ? 'frontend/dist is up to date' : 'Built frontend/dist');
