/**
 * The dealer's public contact (issue 41, item 6): a phone, an address and a contact e-mail the dealer sets in Settings
 * ("Car page contact"), each optional, shown on the public page of every car they share. The sign-in e-mail is never
 * shown: only a contact e-mail the dealer typed here. The rules the settings form, PATCH /api/profile and the shared
 * page's links share.
 */
import { z } from 'zod';
import { CONTACT_ADDRESS_MAX, CONTACT_EMAIL_MAX, CONTACT_PHONE_DIGITS, CONTACT_PHONE_MAX } from './limits';
import { CONTACT_MESSAGES } from './messages';
import { digitsOf } from './contact-links';

const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;

/** A phone number as a buyer dials it: international (+44 20 7946 0000) or as written locally ((555) 010-2030). */
export function isContactPhone(value: string): boolean {
  const digits = digitsOf(value).length;
  return value.length <= CONTACT_PHONE_MAX && PHONE_CHARACTERS.test(value) && digits >= CONTACT_PHONE_DIGITS.min && digits <= CONTACT_PHONE_DIGITS.max;
}

/** Absent: unchanged; "" or null: cleared. */
const clearable = <T extends z.ZodType<string | null>>(schema: T) => schema.nullable().optional();

export const contactPhoneSchema = clearable(
  z
    .string({ error: 'contact_phone must be text' })
    .trim()
    .refine((v) => v === '' || isContactPhone(v), { error: CONTACT_MESSAGES.phoneInvalid(CONTACT_PHONE_DIGITS.min, CONTACT_PHONE_DIGITS.max, CONTACT_PHONE_MAX) })
    .transform((v) => v || null),
);

/** Free text (street, town, postcode), up to CONTACT_ADDRESS_MAX characters, line breaks allowed. */
export const contactAddressSchema = clearable(
  z
    .string({ error: 'contact_address must be text' })
    .trim()
    .max(CONTACT_ADDRESS_MAX, { error: CONTACT_MESSAGES.addressTooLong(CONTACT_ADDRESS_MAX) })
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(v), { error: CONTACT_MESSAGES.addressControl })
    .transform((v) => v.replace(/\r\n?/g, '\n').replace(/\n{2,}/g, '\n') || null),
);

export const contactEmailSchema = clearable(
  z
    .string({ error: 'contact_email must be text' })
    .trim()
    .max(CONTACT_EMAIL_MAX, { error: CONTACT_MESSAGES.emailTooLong(CONTACT_EMAIL_MAX) })
    .refine((v) => v === '' || z.email().safeParse(v).success, { error: CONTACT_MESSAGES.emailInvalid })
    .transform((v) => v || null),
);

export const CONTACT_FIELDS = ['contact_phone', 'contact_address', 'contact_email'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
