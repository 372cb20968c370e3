import { config } from '../lib/config';
import { createMailer } from '../mail/create-mailer';
import { DynamoDbMagicLinkStore } from './dynamodb-magic-link-store';
import { KmsLinkSigner } from './kms-signer';
import { LocalKeyLinkSigner } from './local-key-signer';
import type { MagicLinkDeps } from './magic-link';
import type { LinkSigner } from './ports';

/** Composition root shared by the auth challenge triggers: adapters chosen from configuration. */
export function createMagicLinkDeps(): MagicLinkDeps {
  const c = config();
  let signer: LinkSigner;
  if (c.MAGIC_LINK_SIGNER === 'local') {
    if (!c.MAGIC_LINK_KEY_FILE) throw new Error('Missing required environment variable: MAGIC_LINK_KEY_FILE');
    signer = new LocalKeyLinkSigner(c.MAGIC_LINK_KEY_FILE);
  } else {
    if (!c.MAGIC_LINK_KMS_KEY_ID) throw new Error('Missing required environment variable: MAGIC_LINK_KMS_KEY_ID');
    signer = new KmsLinkSigner(c.MAGIC_LINK_KMS_KEY_ID, c.AWS_REGION);
  }
  let origins: Promise<readonly string[]> | undefined;
  const allowedOrigins = () => {
    origins ??= siteOrigin(c.SITE_ORIGIN_PARAMETER, c.AWS_REGION).then((site) => [...c.ALLOWED_ORIGINS, ...(site ? [site] : [])]);
    return origins;
  };
  return { signer, store: new DynamoDbMagicLinkStore(), mailer: createMailer(), allowedOrigins };
}

/**
 * Where sign-in links point: the CloudFront origin in AWS, the local host's URL locally. Retried on the next call
 * if the read failed (a rejected promise is not kept for the container's life).
 */
export function siteOriginOf(): () => Promise<string> {
  let cached: Promise<string> | undefined;
  return () => {
    const c = config();
    cached ??= (c.SITE_ORIGIN_PARAMETER ? siteOrigin(c.SITE_ORIGIN_PARAMETER, c.AWS_REGION) : Promise.resolve(c.PUBLIC_URL)).then((origin) => {
      if (!origin) throw new Error('Missing required environment variable: SITE_ORIGIN_PARAMETER or PUBLIC_URL');
      return new URL(origin).origin;
    });
    cached.catch(() => (cached = undefined));
    return cached;
  };
}

/** The CloudFront origin, read once per cold start from the parameter the web stack writes. */
async function siteOrigin(parameterName: string | undefined, region: string): Promise<string | undefined> {
  if (!parameterName) return undefined;
  const { SSMClient, GetParameterCommand } = await import('@aws-sdk/client-ssm');
  const out = await new SSMClient({ region }).send(new GetParameterCommand({ Name: parameterName }));
  return out.Parameter?.Value;
}
