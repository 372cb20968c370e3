import { z } from 'zod';
import { ACCEPTED_IMAGE_MIME_TYPES, DEALER_NAME_MAX, LOGO_URL_EXTENSIONS, LOGO_URL_MAX, MAX_LOGO_BYTES } from '../limits';
import { contactAddressSchema, contactEmailSchema, contactPhoneSchema } from '../dealer-contact';
import { MESSAGES } from '../messages';
import { PLATE_TREATMENTS } from '../plates';
import { ROLES, USER_TYPES } from '../statuses';
import { TEAM_ROLES } from '../team';
import { creditBalanceSchema } from './credit-balance';
import { ownUserIdSchema } from './own-user-id';

/** A dealer's profile as the API returns it (the e-mail comes from sign-in and never changes). */
export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  dealer_name: z.string().nullable(),
  logo_url: z.string().nullable(),
  /** Whether the dealer uploaded a logo (Settings): the only logo ever placed on images (never fetched from logo_url). */
  has_logo: z.boolean(),
  /** What new car packages do with the number plate unless the form says otherwise (Settings, "Number plates"). */
  plate_treatment: z.enum(PLATE_TREATMENTS),
  /** Whether a "Your car package is ready" e-mail goes out when each package ends (Settings, "E-mails"; on by default). */
  package_ready_email: z.boolean(),
  /**
   * The public contact on shared car pages (Settings, "Car page contact"; null: not shown). The contact e-mail is one the
   * dealer typed there, never the sign-in e-mail.
   */
  contact_phone: z.string().nullable(),
  contact_address: z.string().nullable(),
  contact_email: z.string().nullable(),
  role: z.enum(ROLES),
  user_type: z.enum(USER_TYPES),
  total_credits_purchased: z.number().int().nonnegative(),
  first_purchase_date: z.string().nullable(),
  /**
   * Why the account got no trial credits (null: it got them): 'address' when its mailbox already had them (another
   * spelling of the address), 'network' when its network's trials were used up that day. TRIAL_CREDIT_MESSAGES says so.
   */
  trial_credits_refused: z.enum(['address', 'network']).nullable(),
  created_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/me */
export const meResponseSchema = z.object({
  /** The dealership's profile (its name, branding, settings): the same for every member. */
  profile: profileSchema,
  balance: creditBalanceSchema,
  /** The signed-in person in the dealership (issue 42): their own id, e-mail and role. */
  member: z.object({ id: z.string(), email: z.string().nullable(), role: z.enum(TEAM_ROLES) }),
  /** Why an invite to another dealership did not join this person (they belong to a dealership already); null: none. */
  team_notice: z.string().nullable(),
  /** That invite, for the dashboard's banner ("<dealership> invited you to join as <role>"); null: none. */
  team_invite: z.object({ id: z.string(), dealership: z.string(), role: z.enum(TEAM_ROLES) }).nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** True for an https URL whose path ends with an image extension (a logo the renderer can place). */
export function isLogoUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const path = url.pathname.toLowerCase();
  return url.protocol === 'https:' && url.hostname.length > 0 && LOGO_URL_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/** PATCH /api/profile. An empty dealer_name or logo_url (or null) clears it. */
export const updateProfileRequestSchema = z
  .strictObject({
    dealer_name: z
      .string({ error: 'dealer_name must be text' })
      .trim()
      .max(DEALER_NAME_MAX, { error: `dealer_name must be at most ${DEALER_NAME_MAX} characters` })
      .transform((v) => v || null)
      .nullable()
      .optional(),
    logo_url: z
      .string({ error: 'logo_url must be text' })
      .trim()
      .max(LOGO_URL_MAX, { error: `logo_url must be at most ${LOGO_URL_MAX} characters` })
      .refine((v) => v === '' || isLogoUrl(v), { error: MESSAGES.logoUrlInvalid })
      .transform((v) => v || null)
      .nullable()
      .optional(),
    plate_treatment: z.enum(PLATE_TREATMENTS, { error: `plate_treatment must be one of ${PLATE_TREATMENTS.join(', ')}` }).optional(),
    package_ready_email: z.boolean({ error: 'package_ready_email must be true or false' }).optional(),
    contact_phone: contactPhoneSchema,
    contact_address: contactAddressSchema,
    contact_email: contactEmailSchema,
    /** The e-mail is the sign-in identity: refused with the message the settings page shows. */
    email: z.never({ error: MESSAGES.emailCannotChange }).optional(),
    user_id: ownUserIdSchema,
  })
  .refine((b) => Object.entries(b).some(([key, value]) => key !== 'user_id' && value !== undefined), { error: MESSAGES.nothingToUpdate });
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const updateProfileResponseSchema = z.object({ profile: profileSchema });

/** POST /api/profile/logo/upload: a presigned upload of the logo placed on studio images (PNG, JPEG or WebP). */
export const logoUploadRequestSchema = z.strictObject({
  content_type: z.enum(ACCEPTED_IMAGE_MIME_TYPES, { error: MESSAGES.logoTypeInvalid }),
  size: z
    .number({ error: 'size must be a number' })
    .int({ error: 'size must be a whole number of bytes' })
    .positive({ error: 'size must be positive' })
    .max(MAX_LOGO_BYTES, { error: MESSAGES.logoTooLarge(MAX_LOGO_BYTES) }),
});
export type LogoUploadRequest = z.infer<typeof logoUploadRequestSchema>;

/** GET /api/profile/logo: a short-lived link to the uploaded logo, or null. */
export const logoResponseSchema = z.object({ url: z.string().nullable() });
export type LogoResponse = z.infer<typeof logoResponseSchema>;
