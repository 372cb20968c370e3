/**
 * The shared car's public addresses (issue 29) and where they go, in both homes: /c/<token> is the page and
 * /c/<token>/embed the embed, both answered by the API's routes /api/share/<token>/page and /embed. CloudFront rewrites
 * with SHARE_REWRITE (a viewer-request function of the /c/* behaviours), the local host with shareApiPath: the same rule.
 */

/** What the rewrite accepts: one path segment of token characters, optionally followed by /embed. */
const SHARE_PATH = /^\/c\/([A-Za-z0-9_-]{1,64})(\/embed)?$/;

/** Where anything else under /c/ goes: the page route with a token no link has (its 404 page). */
export const NOT_SHARED_API_PATH = '/api/share/_/page';

/** The API path for a public share address; undefined for anything else under /c/. */
export function shareApiPath(path: string): string | undefined {
  const m = SHARE_PATH.exec(path);
  return m ? `/api/share/${m[1]}/${m[2] ? 'embed' : 'page'}` : undefined;
}

/** Whether a path is the embed's: the only one other sites may frame. */
export const isEmbedPath = (path: string) => SHARE_PATH.exec(path)?.[2] !== undefined;

/**
 * CloudFront Function (JS 2.0) of the /c/* behaviours: the API path, and the viewer's address for the API's per-client
 * limits (as on /api/*). Anything else under /c/ gets the page's 404 (NOT_SHARED_API_PATH).
 */
export const SHARE_REWRITE = `function handler(event) {
  var m = /^\\/c\\/([A-Za-z0-9_-]{1,64})(\\/embed)?$/.exec(event.request.uri);
  event.request.uri = m ? '/api/share/' + m[1] + '/' + (m[2] ? 'embed' : 'page') : '/api/share/_/page';
  event.request.headers['x-viewer-address'] = { value: event.viewer.ip };
  return event.request;
}`;
