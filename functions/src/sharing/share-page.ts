/**
 * The shared car's page and embed as HTML (/c/<token>, /c/<token>/embed): rendered per request from the build's
 * share.html, so turning Share off answers 404 at once and the images' signed links are fresh. The markup is the React
 * component the browser hydrates (frontend/src/features/share): one page, rendered in one place.
 */
import { SHARE_MESSAGES } from '@shared/messages';
import { SHARE_TOKEN_PATTERN, sharePagePath } from '@shared/schemas/share';
import { renderNotSharedHtml, renderSharedCarHtml } from '@/features/share/render-shared-car';
import { DomainError } from '../lib/errors';
import { previewAngle, SHARED_CAR_CACHE_CONTROL, sharedCar, sharedImagePath, type PublicShareDeps } from './share';

export interface SharePageDeps extends PublicShareDeps {
  /** The site's origin (absolute links for previews). */
  siteOrigin: () => Promise<string>;
  /** The build's share.html. */
  template: () => Promise<string>;
}

export interface HtmlPage {
  status: number;
  html: string;
  /** A shared car's page may be cached a minute; the "not shared" page not at all. */
  headers: Record<string, string>;
}

/**
 * GET /c/{token} and /c/{token}/embed. Any token that is not a shared car's (malformed, unknown, off) gets the same 404:
 * a page for a browser (it asks for HTML), the API's JSON error for any other client.
 */
export async function sharedCarPage(deps: SharePageDeps, token: string, view: 'page' | 'embed', wantsHtml: boolean): Promise<HtmlPage> {
  try {
    if (!SHARE_TOKEN_PATTERN.test(token)) throw new DomainError('not_found', SHARE_MESSAGES.notFound);
    const car = await sharedCar(deps, token);
    const angle = previewAngle(car);
    const html = renderSharedCarHtml(
      await deps.template(),
      { car, view, page_path: sharePagePath(token) },
      { origin: await deps.siteOrigin(), previewImagePath: angle ? sharedImagePath(token, angle, 'full') : null },
    );
    return { status: 200, html, headers: { 'cache-control': SHARED_CAR_CACHE_CONTROL } };
  } catch (error) {
    if (wantsHtml && error instanceof DomainError && error.kind === 'not_found') return { status: 404, html: renderNotSharedHtml(await deps.template()), headers: {} };
    throw error;
  }
}

/** Whether the caller asked for a page (browsers and link previews send Accept: text/html). */
export const wantsHtml = (accept: string | undefined) => /\btext\/html\b/i.test(accept ?? '');

/**
 * The build's share.html, read from the site itself (CloudFront and S3 in AWS, the local host's files locally) and kept
 * for a minute: a deploy of the site reaches the page within that time, with its new asset names.
 */
export function siteTemplate(origin: () => Promise<string>, fetchImpl: typeof fetch = fetch, ttlMs = 60_000): () => Promise<string> {
  let cached: { html: string; at: number } | undefined;
  return async () => {
    if (cached && Date.now() - cached.at < ttlMs) return cached.html;
    const response = await fetchImpl(`${await origin()}/share.html`, { headers: { accept: 'text/html' } });
    if (!response.ok) throw new DomainError('unavailable', 'The page is not available right now. Please try again in a minute.');
    cached = { html: await response.text(), at: Date.now() };
    return cached.html;
  };
}
