import { CAR_PACKAGE_MESSAGES } from '@shared/messages';

/** Dates as the dealer reads them: "Dec 21, 2026". */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A package's title: its name, or "Unnamed Car". */
export const packageTitle = (name: string | null | undefined) => name?.trim() || CAR_PACKAGE_MESSAGES.unnamed;
