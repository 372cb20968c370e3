/**
 * What the browser keeps between a sign-up (or the trial flow) and the first sign-in (spec section 3): a pending
 * dealer name and logo URL, written to the profile after sign-in, and a pending trial transfer.
 */
export const PENDING_DEALER_NAME_KEY = 'pending_dealer_name';
export const PENDING_LOGO_URL_KEY = 'pending_logo_url';
export const PENDING_TRIAL_TRANSFER_KEY = 'pending_trial_transfer';

// Storage can be unavailable (private mode, blocked cookies): the values can still be set in Settings.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // see above
  }
}

export function savePendingDealerName(dealerName: string): void {
  if (dealerName.trim()) write(PENDING_DEALER_NAME_KEY, dealerName.trim());
}

/** The pending profile values, if any. */
export function readPendingProfile(): { dealer_name?: string; logo_url?: string } {
  const dealerName = read(PENDING_DEALER_NAME_KEY);
  const logoUrl = read(PENDING_LOGO_URL_KEY);
  return { ...(dealerName ? { dealer_name: dealerName } : {}), ...(logoUrl ? { logo_url: logoUrl } : {}) };
}

export function clearPendingProfile(): void {
  write(PENDING_DEALER_NAME_KEY, null);
  write(PENDING_LOGO_URL_KEY, null);
}

export function clearPendingTrialTransfer(): void {
  write(PENDING_TRIAL_TRANSFER_KEY, null);
}

/** The trial token kept after the trial page created the account, until the first sign-in moves the photos. */
export interface PendingTrialTransfer {
  trial_token: string;
  user_id?: string;
}

export function savePendingTrialTransfer(pending: PendingTrialTransfer): void {
  write(PENDING_TRIAL_TRANSFER_KEY, JSON.stringify(pending));
}

export function readPendingTrialTransfer(): PendingTrialTransfer | null {
  try {
    const parsed = JSON.parse(read(PENDING_TRIAL_TRANSFER_KEY) ?? 'null') as PendingTrialTransfer | null;
    return parsed && typeof parsed.trial_token === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

const TRIAL_TRANSFER_CHECKED_PREFIX = 'trial_transfer_checked_';
/** The per-user flag that the trial transfer was checked (spec section 3): it runs once per user. */
export const trialTransferChecked = (userId: string) => read(`${TRIAL_TRANSFER_CHECKED_PREFIX}${userId}`) === '1';
export const markTrialTransferChecked = (userId: string) => write(`${TRIAL_TRANSFER_CHECKED_PREFIX}${userId}`, '1');
