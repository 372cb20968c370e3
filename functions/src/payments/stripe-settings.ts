import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export interface StripeSettings {
  /** The API key: read only by handlers that call Stripe's API. */
  secretKey: () => Promise<string>;
  /** The webhook endpoint's signing secret: read only by the webhook. */
  webhookSecret: () => Promise<string>;
  /** Set locally to reach the payment simulator (`http://127.0.0.1:3000`); absent: Stripe itself. */
  apiBase?: string;
}

/**
 * Where the Stripe keys come from. In AWS: two Secrets Manager secrets (STRIPE_SECRET_KEY_ARN,
 * STRIPE_WEBHOOK_SECRET_ARN) read on first use and kept for the Lambda instance's life; a failed read is tried again
 * by the next call. Locally: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET from the environment (the host sets the
 * simulator's, or yours) and STRIPE_API_BASE pointing at the simulator.
 */
export function stripeSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): StripeSettings {
  return {
    secretKey: cachedRead(env, 'STRIPE_SECRET_KEY', 'STRIPE_SECRET_KEY_ARN'),
    webhookSecret: cachedRead(env, 'STRIPE_WEBHOOK_SECRET', 'STRIPE_WEBHOOK_SECRET_ARN'),
    ...(env.STRIPE_API_BASE ? { apiBase: env.STRIPE_API_BASE } : {}),
  };
}

function cachedRead(env: NodeJS.ProcessEnv, name: string, arnName: string): () => Promise<string> {
  let value: Promise<string> | undefined;
  return () =>
    (value ??= readKey(env, name, arnName)).catch((error: unknown) => {
      value = undefined;
      throw error;
    });
}

async function readKey(env: NodeJS.ProcessEnv, name: string, arnName: string): Promise<string> {
  const direct = env[name]?.trim();
  if (direct) return direct;
  const arn = env[arnName];
  if (!arn) throw new Error(`Stripe is not configured: set ${name} (or ${arnName} in AWS)`);
  const out = await new SecretsManagerClient({ region: env.AWS_REGION }).send(new GetSecretValueCommand({ SecretId: arn }));
  const value = out.SecretString?.trim();
  // CDK creates the secrets with a placeholder; the operator puts the real value in (docs/product.md, "Buying credits").
  if (!value || value.startsWith('REPLACE_ME')) throw new Error(`The secret ${arn} holds no Stripe key yet (docs/product.md, "Buying credits")`);
  return value;
}
