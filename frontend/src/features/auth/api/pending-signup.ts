/** Browser storage keys the sign-in flow reads after the magic link is opened (spec section 3). */
export const PENDING_DEALER_NAME_KEY = 'pending_dealer_name';

export function savePendingDealerName(dealerName: string): void {
  try {
    if (dealerName) localStorage.setItem(PENDING_DEALER_NAME_KEY, dealerName);
  } catch {
    // Storage can be unavailable (private mode); the dealer name can still be set in Settings.
  }
}
