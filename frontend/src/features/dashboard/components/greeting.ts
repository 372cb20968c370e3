/**
 * The first sign-in creates the account (the PostAuthentication trigger, or GET /api/me when the trigger did not), so
 * a session whose sign-in happened no later than this after the account's creation is the dealer's first visit.
 * Generous: a Lambda cold start or a slow first /api/me must not turn a first visit into a "Welcome back".
 */
export const FIRST_VISIT_MARGIN_MS = 5 * 60_000;

/**
 * Whether this session is the dealer's first visit: its sign-in (Cognito's auth_time) is the one that created the
 * account (profile.created_at). Both times come from the server's clocks, never the browser's. Unknown (no sign-in
 * time): first visit, so the greeting never claims a visit that may not have happened.
 */
export function isFirstVisit(accountCreatedAt: string, signedInAt: Date | null): boolean {
  if (!signedInAt) return true;
  const created = Date.parse(accountCreatedAt);
  if (Number.isNaN(created)) return true;
  return signedInAt.getTime() - created < FIRST_VISIT_MARGIN_MS;
}

/** The overview's welcome line: "Welcome" on a first visit, "Welcome back" after. */
export function greeting(name: string, firstVisit: boolean): string {
  return firstVisit ? `Welcome, ${name}!` : `Welcome back, ${name}!`;
}
