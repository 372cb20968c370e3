import { renderToString } from 'react-dom/server';
import { SHARE_MESSAGES } from '@shared/messages';
import { createQueryClient } from '@/lib/query-client';
import { NotSharedPage } from './components/not-shared-page';
import { Island, SharedCarPage, type IslandMarkup } from './components/shared-car-page';
import { SHARE_DATA_ID } from './share-data';
import { islandIdPrefix, SharedCarIsland, type ShareIsland, type SharedCarPageData } from './shared-car-app';
import { sharedFrames as sharedFramesOf } from './shared-frames';

/** The slots of share.html (the Vite build's entry for this page) that the server fills per request. */
export const SHARE_HEAD_SLOT = '<!--share-head-->';
export const SHARE_BODY_SLOT = '<!--share-html-->';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside a script element: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

export interface SharedCarHtmlOptions {
  /** The site's origin: link previews need absolute addresses. */
  origin: string;
  /** The picture of link previews (its stable full-size link), usually the front three-quarter view. */
  previewImagePath: string | null;
}

/**
 * The page's HTML for one request: title, description, Open Graph and Twitter tags (messengers and marketplaces read
 * no JavaScript), the page's markup and its data for hydration, in the template the build made (share.html: the
 * stylesheet inline, the script of share-main.tsx).
 */
export function renderSharedCarHtml(template: string, data: SharedCarPageData, options: SharedCarHtmlOptions): string {
  if (!template.includes(SHARE_HEAD_SLOT) || !template.includes(SHARE_BODY_SLOT)) throw new Error('share.html has no slot for the page');
  const { car } = data;
  const title = car.dealer_name ? `${car.car_name} · ${car.dealer_name}` : car.car_name;
  const description = `${car.images.length} studio image${car.images.length === 1 ? '' : 's'} of the ${car.car_name}${car.dealer_name ? ` from ${car.dealer_name}` : ''}: turn the car round and download the images.`;
  const meta: [string, string, string][] = [
    ['name', 'description', description],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${options.origin}${data.page_path}`],
    ['property', 'og:site_name', 'Studio Lot'],
    ['name', 'twitter:card', options.previewImagePath ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ];
  if (options.previewImagePath) {
    const image = `${options.origin}${options.previewImagePath}`;
    meta.push(['property', 'og:image', image], ['property', 'og:image:alt', `${car.car_name}, studio image`], ['name', 'twitter:image', image]);
  }
  // The picture on show first: fetched before anything else the page needs (its largest paint on a phone).
  const first = sharedFramesOf(car)[0];
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    first ? `<link rel="preload" as="image" href="${escapeHtml(first.imageUrl)}" fetchpriority="high" />` : '',
    ...meta.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
    `<link rel="canonical" href="${escapeHtml(`${options.origin}${data.page_path}`)}" />`,
    // The embed is the page's walk-around only: search engines index the page itself.
    data.view === 'embed' ? '<meta name="robots" content="noindex" />' : '',
    `<script type="application/json" id="${SHARE_DATA_ID}">${scriptJson(data)}</script>`,
  ].join('\n    ');
  return template.replace(SHARE_HEAD_SLOT, () => head).replace(SHARE_BODY_SLOT, () => renderSharedCarBody(data));
}

/**
 * The page's markup: each island (shared-car-app.tsx) rendered as a root of its own, as the browser hydrates it, then
 * the page around them (the embed is one island).
 */
function renderSharedCarBody(data: SharedCarPageData): string {
  const client = createQueryClient();
  const names: ShareIsland[] = data.view === 'embed' ? ['embed'] : ['walk-around', 'credentials', 'dealer-download'];
  const islands: IslandMarkup = Object.fromEntries(
    names.map((island) => [island, renderToString(<SharedCarIsland island={island} data={data} client={client} />, { identifierPrefix: islandIdPrefix(island) })]),
  );
  return renderToString(data.view === 'embed' ? <Island island="embed" markup={islands} /> : <SharedCarPage car={data.car} islands={islands} />);
}

/** The page for a link that is not shared (any more): a branded 404 that says so, with a way on to the home page. */
export function renderNotSharedHtml(template: string): string {
  const head = `<title>${escapeHtml(SHARE_MESSAGES.goneTitle)} · Studio Lot</title>\n    <meta name="robots" content="noindex" />`;
  return template.replace(SHARE_HEAD_SLOT, () => head).replace(SHARE_BODY_SLOT, () => renderToString(<NotSharedPage />));
}
