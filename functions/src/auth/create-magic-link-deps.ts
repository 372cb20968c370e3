import { config } from '../lib/config';
import { createMailer } from '../mail/create-mailer';
import { DynamoDbMagicLinkStore } from './dynamodb-magic-link-store';
import { KmsLinkSigner } from './kms-signer';
import { LocalKeyLinkSigner } from './local-key-signer';
import type { MagicLinkDeps } from './magic-link';
import type { LinkSigner } from './ports';

/** Composition root shared by the link check (VerifyAuthChallenge) and the link request route: adapters from configuration. */
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
  const allowedOrigins = async () => {
    const site = await siteParameter();
    return [...c.ALLOWED_ORIGINS, ...(site ? [site] : [])];
  };
  return { signer, store: new DynamoDbMagicLinkStore(), mailer: createMailer(), allowedOrigins };
}

/** Where sign-in links point: the CloudFront origin in AWS, the local host's URL locally. */
export function siteOriginOf(): () => Promise<string> {
  return async () => {
    const origin = (await siteParameter()) ?? config().PUBLIC_URL;
    if (!origin) throw new Error('Missing required environment variable: SITE_ORIGIN_PARAMETER or PUBLIC_URL');
    return new URL(origin).origin;
  };
}

let siteRead: Promise<string | undefined> | undefined;
/**
 * The CloudFront origin, read once per container from the parameter the web stack writes (shared by the link check
 * and the link request); a failed read is not kept, so the next call tries again.
 */
function siteParameter(): Promise<string | undefined> {
  const c = config();
  if (!c.SITE_ORIGIN_PARAMETER) return Promise.resolve(undefined);
  siteRead ??= (async () => {
    const { SSMClient, GetParameterCommand } = await import('@aws-sdk/client-ssm');
    const out = await new SSMClient({ region: c.AWS_REGION }).send(new GetParameterCommand({ Name: c.SITE_ORIGIN_PARAMETER }));
    return out.Parameter?.Value;
  })();
  siteRead.catch(() => (siteRead = undefined));
  return siteRead;
}
