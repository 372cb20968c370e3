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
  /** The batch workflow (batch processor), a sibling of the render workflow. */
  BATCH_STATE_MACHINE_ARN: z.string().optional(),
  /** Magic links: signed by KMS in AWS, by a local key pair (file) in local mode. */
  MAGIC_LINK_SIGNER: z.enum(['kms', 'local']).default('kms'),
  MAGIC_LINK_KMS_KEY_ID: z.string().optional(),
  MAGIC_LINK_KEY_FILE: z.string().optional(),
  /** The user pool whose accounts sign-in link requests look up and trial requests create (COGNITO_ENDPOINT locally). */
  USER_POOL_ID: z.string().optional(),
  COGNITO_ENDPOINT: z.string().optional(),
  /** Sign-in link requests allowed per client IP per hour (tests of a whole run raise it: they all come from 127.0.0.1). */
  MAGIC_LINK_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().optional(),
  /** Accounts a trial sign-up may create with trial credits per network per day (tests of a whole run raise it, as above). */
  TRIAL_GRANTS_PER_NETWORK_PER_DAY: z.coerce.number().int().positive().optional(),
  /** Public trial link calls allowed per client IP per hour (tests of a whole run raise it, as above). */
  TRIAL_PER_CLIENT_PER_HOUR: z.coerce.number().int().positive().optional(),
  /**
   * How old an unfinished car package or batch must be before the sweeper may close it (default 60 s, as in AWS): a
   * younger one may still be starting its execution. Shortened only by tests that restart a local host on purpose.
   */
  SWEEP_GRACE_SECONDS: z.coerce.number().positive().optional(),
  /** "true" behind CloudFront only: the viewer's IP is taken from x-viewer-address, which the edge function sets. */
  TRUST_VIEWER_ADDRESS: z.enum(['true', 'false']).default('false'),
  /** Set in AWS: the value CloudFront sends in x-origin-verify; an API request without it did not come through the site. */
  ORIGIN_VERIFY_SECRET: z.string().min(32).optional(),
  /** The site's own origin locally (in AWS it is read from SITE_ORIGIN_PARAMETER). */
  PUBLIC_URL: z.string().optional(),
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
