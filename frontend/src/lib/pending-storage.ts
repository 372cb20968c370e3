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
