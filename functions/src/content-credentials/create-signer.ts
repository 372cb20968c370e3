/**
 * Picks the content signer from configuration: KMS in AWS (C2PA_KMS_KEY_ID and C2PA_CERT_CHAIN_PARAMETER, set by
 * CDK on the Lambdas that render), otherwise the local key in C2PA_KEY_DIR (default `.local-data/keys`).
 */
import { resolve } from 'node:path';
import { LocalContentSigner } from './local-signer';
import type { ContentSigner } from './ports';

export function contentSignerFromEnv(env: NodeJS.ProcessEnv = process.env): ContentSigner {
  if (env.C2PA_KMS_KEY_ID) {
    if (!env.C2PA_CERT_CHAIN_PARAMETER) throw new Error('C2PA_KMS_KEY_ID needs C2PA_CERT_CHAIN_PARAMETER');
    const { C2PA_KMS_KEY_ID: keyId, C2PA_CERT_CHAIN_PARAMETER: chainParameter } = env;
    const region = env.AWS_REGION ?? 'us-east-1';
    // Loaded on first use, so local processes never load the KMS client.
    let signer: Promise<ContentSigner> | undefined;
    const get = () => (signer ??= import('./kms-signer').then(({ KmsContentSigner }) => new KmsContentSigner({ keyId, chainParameter, region })));
    return { certificateChain: async () => (await get()).certificateChain(), sign: async (data) => (await get()).sign(data) };
  }
  if (env.AWS_LAMBDA_FUNCTION_NAME) {
    // A Lambda without the KMS key has no business signing: say so if it is ever asked to.
    const refuse = async (): Promise<never> => {
      throw new Error('This function has no content credentials key (C2PA_KMS_KEY_ID): grant it c2pa:sign in infra/cdk/handler-permissions.ts');
    };
    return { certificateChain: refuse, sign: refuse };
  }
  return new LocalContentSigner(env.C2PA_KEY_DIR || resolve(process.cwd(), '.local-data/keys'));
}
