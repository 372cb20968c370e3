import { z } from 'zod';

/**
 * What POST /api/content-credentials/verify answers about an image: whether it carries content credentials,
 * whether we signed them and whether the image is as signed, and what they say (in the SPA's words).
 */
export const credentialStatusSchema = z.enum(['signed_by_us', 'not_signed_by_us', 'altered', 'none']);
export type CredentialStatus = z.infer<typeof credentialStatusSchema>;

export const credentialActionSchema = z.object({
  action: z.string(),
  description: z.string().nullable(),
  digitalSourceType: z.string().nullable(),
  when: z.string().nullable(),
});

export const credentialsReportSchema = z.object({
  status: credentialStatusSchema,
  /** Who signed (the signing certificate's organisation and name), when there are credentials. */
  signedBy: z.string().nullable(),
  title: z.string().nullable(),
  renderer: z.string().nullable(),
  model: z.string().nullable(),
  digitalSourceType: z.string().nullable(),
  actions: z.array(credentialActionSchema),
  carFidelity: z
    .object({ measured: z.boolean(), score: z.number().nullable(), threshold: z.number(), passed: z.boolean().nullable() })
    .nullable(),
  /** SHA-256 of the dealer's photo (the parent ingredient), as recorded in the credentials. */
  photoSha256: z.string().nullable(),
  /** Validation failures as the C2PA library reports them (codes), when altered. */
  problems: z.array(z.string()),
});
export type CredentialsReport = z.infer<typeof credentialsReportSchema>;
