/** Set by a page (e.g. the car package form's photo tips link) to open the Support Center's Photo Guide once. */
export const OPEN_PHOTO_GUIDE_FLAG = 'support_open_photo_guide';

/** Raises a one-shot flag in session storage (ignored where there is none). */
export function raiseSessionFlag(flag: string): void {
  try {
    sessionStorage.setItem(flag, '1');
  } catch {
    // No session storage: the page opens at its start.
  }
}
