/**
 * The mailbox an e-mail address reaches, for "one trial per person" (decisions.md, turn 3): trial credits go once per
 * mailbox, not once per spelling. No AWS SDK here.
 *
 * - Case: providers treat addresses case-insensitively; the whole address is lower-cased.
 * - `+tags` (RFC 5233 subaddressing): the part after the first `+` of the local part is removed at every provider.
 *   Gmail, Google Workspace, Outlook.com and Microsoft 365, iCloud, Fastmail, Proton and Zoho deliver name+tag to
 *   name; a domain that gives `+` another meaning is rare, and its owner can mint addresses anyway (the daily cap per
 *   network bounds that).
 * - Dots: removed from the local part only where the provider ignores them (Gmail: gmail.com, and googlemail.com,
 *   which is the same mailbox). Elsewhere j.smith and jsmith are different people.
 */
const DOTS_IGNORED: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const canonical = DOTS_IGNORED[domain];
  if (canonical) {
    domain = canonical;
    local = local.replace(/\./g, '');
  }
  return `${local}@${domain}`;
}
