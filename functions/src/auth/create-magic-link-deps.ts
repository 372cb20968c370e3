import { config } from '../lib/config';
import { siteOriginOf, siteParameter } from '../lib/site-origin';
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

/** Where sign-in links point (functions/src/lib/site-origin.ts). */
export { siteOriginOf };
