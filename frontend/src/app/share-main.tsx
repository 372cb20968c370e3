import '@/lib/zod-config';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '@/styles/index.css';
import { SharedCarApp, type SharedCarPageData } from '@/features/share/shared-car-app';
import { SHARE_DATA_ID } from '@/features/share/share-data';

// The server renders the shared car's page (or embed) into #root with its data beside it; the browser hydrates it. A
// page without data (the 404 of a link that is not shared) stays as the server sent it.
const container = document.getElementById('root');
const data = document.getElementById(SHARE_DATA_ID)?.textContent;
if (container && data) {
  const parsed = JSON.parse(data) as SharedCarPageData;
  startTransition(() => void hydrateRoot(container, <SharedCarApp data={parsed} />));
}
