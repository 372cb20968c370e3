/**
 * The OpenAI key: in AWS it lives in Secrets Manager (OPENAI_SECRET_ARN), read once per Lambda instance when first
 * needed; locally OPENAI_API_KEY may be set directly (or nothing: the local adapters).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export async function openAiKey(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (env.OPENAI_API_KEY || !env.OPENAI_SECRET_ARN) return env.OPENAI_API_KEY || undefined;
  const out = await new SecretsManagerClient({ region: env.AWS_REGION }).send(new GetSecretValueCommand({ SecretId: env.OPENAI_SECRET_ARN }));
  const key = out.SecretString?.trim();
  if (!key) throw new Error(`The secret ${env.OPENAI_SECRET_ARN} holds no OpenAI API key`);
  return key;
}
