import { resolve } from 'node:path';
import { z } from 'zod';
import { isSimulatorKey } from './stripe-simulator/keys';

/**
 * Configuration of the local home, from the environment. Every stand-in can be swapped for the real
 * service: e.g. LOCAL_DYNAMODB=aws uses the real table named TABLE_NAME with your AWS credentials.
 */
const blank = (v: unknown) => (v === '' ? undefined : v);
/** A simulator's own keys (which a host puts in the functions' environment) mean: no real Stripe configured. */
const stripeKey = (v: unknown) => (v === '' || isSimulatorKey(v) ? undefined : v);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('.local-data'),
  /** `memory`: DynamoDB Local with its data in memory, gone when the host stops (the test run's shared hosts). */
  LOCAL_DYNAMODB: z.enum(['local', 'memory', 'aws']).default('local'),
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
  /**
   * Payments: with a Stripe test key (STRIPE_SECRET_KEY=sk_test_…, STRIPE_PUBLISHABLE_KEY=pk_test_… and the signing
   * secret of your webhook forwarding, STRIPE_WEBHOOK_SECRET=whsec_…) local mode uses Stripe itself; without, the local
   * payment simulator.
   */
  STRIPE_SECRET_KEY: z.preprocess(stripeKey, z.string().regex(/^sk_test_/, { error: 'STRIPE_SECRET_KEY must be a Stripe test key (sk_test_…) locally' }).optional()),
  STRIPE_PUBLISHABLE_KEY: z.preprocess(stripeKey, z.string().regex(/^pk_test_/, { error: 'STRIPE_PUBLISHABLE_KEY must be a Stripe test key (pk_test_…)' }).optional()),
  STRIPE_WEBHOOK_SECRET: z.preprocess(stripeKey, z.string().regex(/^whsec_/, { error: 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)' }).optional()),
  /** The simulator's webhook deliveries: `twice-out-of-order` sends every event twice, the later ones first. */
  STRIPE_SIMULATOR_DELIVERY: z.enum(['normal', 'twice-out-of-order']).default('normal'),
  /** First retry of a webhook delivery that did not answer 2xx, doubling after each attempt (8 attempts). */
  STRIPE_SIMULATOR_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
}).refine((c) => !c.STRIPE_SECRET_KEY || (c.STRIPE_PUBLISHABLE_KEY && c.STRIPE_WEBHOOK_SECRET), {
  error: 'With STRIPE_SECRET_KEY set, also set STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (docs/product.md, "Buying credits")',
});
export type LocalConfig = z.infer<typeof schema> & { dataDir: string };

export function readLocalConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<z.input<typeof schema>> = {}): LocalConfig {
  const parsed = schema.parse({ ...env, ...overrides });
  return { ...parsed, dataDir: resolve(parsed.DATA_DIR) };
}
