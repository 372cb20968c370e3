import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import '@/styles/index.css';
import { ISLAND_ATTRIBUTE, islandIdPrefix, SHARE_ISLANDS, SharedCarIsland, type ShareIsland, type SharedCarPageData } from '@/features/share/shared-car-app';
import { SHARE_DATA_ID } from '@/features/share/share-data';
import { createQueryClient } from '@/lib/query-client';

// The server renders the shared car's page (or embed) with its data beside it; the browser hydrates only its islands
// (the walk-around, the content credentials badge, the dealer's Download all), each a root of its own. A page without
// data (the 404 of a link that is not shared) stays as the server sent it. No zod here (zod-config.ts): the page parses
// nothing at first; the modules that call the API load later and configure zod themselves.
const data = document.getElementById(SHARE_DATA_ID)?.textContent;
if (data) {
  const parsed = JSON.parse(data) as SharedCarPageData;
  const client = createQueryClient();
  for (const element of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    const island = element.getAttribute(ISLAND_ATTRIBUTE) as ShareIsland;
    if (!SHARE_ISLANDS.includes(island)) continue;
    startTransition(() => void hydrateRoot(element, <SharedCarIsland island={island} data={parsed} client={client} />, { identifierPrefix: islandIdPrefix(island) }));
  }
}
