/**
 * Where a sign-in link brings the dealer back to: a page of the signed-in site they were going to (a bookmarked car
 * package, My Images after the session ran out). Only a same-origin path under /dashboard is ever accepted, so a link
 * can never lead off the site (no "//host", no backslash, no scheme, no control character, no ".." step). The server
 * refuses anything else (POST /api/auth/magic-link, 400); the SPA ignores it and opens the Dashboard. No zod here: the
 * landing page checks with it before zod is loaded.
 */
export const RETURN_TO_MAX = 300;

/** Path steps of letters, digits and - . _ ~ % (never "." or ".."), then an optional query of the same and = & +. */
const RETURN_PATH = /^\/dashboard(?:\/(?!\.{1,2}(?:[/?]|$))[A-Za-z0-9._~%-]+)*\/?(?:\?[A-Za-z0-9._~%=&+-]*)?$/;

export function isReturnPath(value: unknown): value is string {
  return typeof value === 'string' && value.length <= RETURN_TO_MAX && RETURN_PATH.test(value);
}

export const RETURN_TO_MESSAGE =
  'return_to must be a page of your dashboard on this site, such as /dashboard/images: a path starting with /dashboard, without //, backslashes, a scheme or control characters';

/** The page a sign-in link opens after signing in, from its address (`?return_to=`), or null for the Dashboard. */
export function returnPathOf(search: string): string | null {
  const value = new URLSearchParams(search).get('return_to');
  return isReturnPath(value) ? value : null;
}
