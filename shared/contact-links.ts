/**
 * The links of the dealer's public contact on a shared car's page (issue 41, item 6): no imports, so the public page's
 * script carries no schema library (the rules are in dealer-contact.ts).
 */

/** The digits of a phone number as typed. */
export const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The tel: link of a checked phone number: its digits, with the + of an international number. */
export const telHref = (phone: string) => `tel:${phone.trim().startsWith('+') ? '+' : ''}${digitsOf(phone)}`;

/** A mailto: link whose subject names the car (and its VIN or stock number), so the dealer knows which car is meant. */
export function mailtoHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
