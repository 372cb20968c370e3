import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import type { SharedCar } from '@shared/schemas/share';
import { createQueryClient } from '@/lib/query-client';
import { SharedCarEmbed } from './components/shared-car-embed';
import { SharedCarPage } from './components/shared-car-page';

/** What the server puts in the page for the browser to hydrate: the car and which view. */
export interface SharedCarPageData {
  car: SharedCar;
  view: 'page' | 'embed';
  /** The page's path, /c/<token> (the embed links to it). */
  page_path: string;
}

/** The shared car's page or embed on its own: no router, no sign-in. Rendered by the server, hydrated by share-main.tsx. */
export function SharedCarApp({ data }: { data: SharedCarPageData }) {
  const [client] = useState(createQueryClient);
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        {data.view === 'embed' ? <SharedCarEmbed car={data.car} pagePath={data.page_path} /> : <SharedCarPage car={data.car} pagePath={data.page_path} />}
      </QueryClientProvider>
    </StrictMode>
  );
}
