import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { SharedCar } from '@shared/schemas/share';
import { ContentCredentialsMark } from '@/components/content-credentials/content-credentials-mark';
import { WalkAroundViewer } from '@/components/walk-around/walk-around-viewer';
import { DealerDownloadAll } from './components/dealer-download-all';
import { SharedCarEmbed } from './components/shared-car-embed';
import { sharedFrames } from './shared-frames';

/** What the server puts in the page for the browser to hydrate: the car and which view. */
export interface SharedCarPageData {
  car: SharedCar;
  view: 'page' | 'embed';
  /** The page's path, /c/<token> (the embed links to it). */
  page_path: string;
}

/**
 * The parts of the shared car's page that respond to the buyer (or the dealer who shared it): the walk-around, the
 * content credentials badge and the dealer's Download all; the embed is its walk-around alone. The rest of the page
 * (dealer, contact, VIN, video, images, footer) is plain HTML from the server that the browser never hydrates, so a
 * phone runs React over these parts only, and loads no code for the rest.
 */
export const SHARE_ISLANDS = ['walk-around', 'credentials', 'dealer-download', 'embed'] as const;
export type ShareIsland = (typeof SHARE_ISLANDS)[number];

/** Each island is its own React root: its ids (useId) carry its name, the same on the server and in the browser. */
export const islandIdPrefix = (island: ShareIsland) => `${island}-`;
/** The attribute that marks an island's element in the page's HTML. */
export const ISLAND_ATTRIBUTE = 'data-share-island';

function IslandContent({ island, data }: { island: ShareIsland; data: SharedCarPageData }) {
  const { car } = data;
  switch (island) {
    case 'walk-around':
      return <WalkAroundViewer frames={sharedFrames(car)} title={car.car_name} className="max-w-3xl" />;
    case 'credentials':
      return car.images[0] ? <ContentCredentialsMark imageUrl={car.images[0].full_url} originalNote="" quiet /> : null;
    case 'dealer-download':
      return <DealerDownloadAll token={data.page_path.split('/').pop() ?? ''} />;
    case 'embed':
      return <SharedCarEmbed car={car} pagePath={data.page_path} />;
  }
}

/** One island of the shared car's page or embed: rendered by the server (render-shared-car.tsx), hydrated by share-main.tsx. */
export function SharedCarIsland({ island, data, client }: { island: ShareIsland; data: SharedCarPageData; client: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <IslandContent island={island} data={data} />
      </QueryClientProvider>
    </StrictMode>
  );
}
