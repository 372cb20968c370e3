/** The dialogs' own check (spec section 5): an address needs something before and after an "@". */
export function looksLikeEmail(value: string): boolean {
  const v = value.trim();
  return v.includes('@') && !v.startsWith('@') && !v.endsWith('@');
}
