/** A date and time in the browser's locale, e.g. "25 Nov 2026, 04:20". */
export const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
