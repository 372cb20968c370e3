import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Configuration of the local home, from the environment. Every stand-in can be swapped for the real
 * service: e.g. LOCAL_DYNAMODB=aws uses the real table named TABLE_NAME with your AWS credentials.
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.local-data'),
  LOCAL_DYNAMODB: z.enum(['local', 'aws']).default('local'),
  LOCAL_S3: z.enum(['local', 'aws']).default('local'),
  LOCAL_MAIL: z.enum(['outbox', 'ses']).default('outbox'),
  TABLE_NAME: z.string().min(3).default('studio-lot'),
  UPLOADS_BUCKET: z.string().min(3).default('studio-lot-uploads'),
  RENDERS_BUCKET: z.string().min(3).default('studio-lot-renders'),
  SUPPORT_EMAIL: z.string().default('support@studio-lot.local'),
  MAIL_FROM: z.string().default('Studio Lot <no-reply@studio-lot.local>'),
  AWS_REGION: z.string().default('us-east-1'),
  /** How often the package sweeper runs locally; default SWEEP_INTERVAL_MINUTES (as the EventBridge rule in AWS). */
  SWEEP_INTERVAL_SECONDS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().positive().optional()),
});
export type LocalConfig = z.infer<typeof schema> & { dataDir: string };

export function readLocalConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<z.input<typeof schema>> = {}): LocalConfig {
  const parsed = schema.parse({ ...env, ...overrides });
  return { ...parsed, dataDir: resolve(parsed.DATA_DIR) };
}
