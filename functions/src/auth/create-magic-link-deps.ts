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
  return { signer, store: new DynamoDbMagicLinkStore(), mailer: createMailer(), allowedOrigins: c.ALLOWED_ORIGINS };
}
