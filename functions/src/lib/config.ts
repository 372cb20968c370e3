import { z } from 'zod';

/**
 * The functions' configuration, from the environment (set by CDK in AWS, by the local host locally).
 * Endpoint overrides are how the local home points the same SDK clients at its stand-ins.
 */
const configSchema = z.object({
  /** Which home this runs in (not $HOME, the user's folder). */
  APP_HOME: z.enum(['aws', 'local']).default('aws'),
  TABLE_NAME: z.string().min(3),
  UPLOADS_BUCKET: z.string().min(3),
  RENDERS_BUCKET: z.string().min(3),
  SUPPORT_EMAIL: z.string().default('support@example.com'),
  MAIL_FROM: z.string().default('no-reply@example.com'),
  MAIL_TRANSPORT: z.enum(['ses', 'outbox']).default('ses'),
  OUTBOX_DIR: z.string().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  DYNAMODB_ENDPOINT: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  /** Public base URL of S3 for presigned URLs the browser uses (locally the host's /s3 front). */
  S3_PUBLIC_ENDPOINT: z.string().optional(),
  WEBSOCKET_MANAGEMENT_ENDPOINT: z.string().optional(),
  /** The render workflow (car packages); locally the host's Step Functions endpoint (SFN_ENDPOINT). */
  STATE_MACHINE_ARN: z.string().optional(),
  SFN_ENDPOINT: z.string().optional(),
  /** Magic links: signed by KMS in AWS, by a local key pair (file) in local mode. */
  MAGIC_LINK_SIGNER: z.enum(['kms', 'local']).default('kms'),
  MAGIC_LINK_KMS_KEY_ID: z.string().optional(),
  MAGIC_LINK_KEY_FILE: z.string().optional(),
  /** Comma-separated origins a magic link may point to (the SPA's own). */
  /** In AWS: an SSM parameter holding the site's origin (written by the web stack once CloudFront exists). */
  SITE_ORIGIN_PARAMETER: z.string().optional(),
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean)),
});
export type Config = z.infer<typeof configSchema>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = configSchema.safeParse(process.env);
    if (!parsed.success) {
      const keys = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
      throw new Error(`Missing required environment variable: ${keys}`);
    }
    cached = parsed.data;
  }
  return cached;
}
