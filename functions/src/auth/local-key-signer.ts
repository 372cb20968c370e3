import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { LinkSigner } from './ports';

/** Local mode's signer: an Ed25519 key pair kept in the data folder (created on first use). */
export class LocalKeyLinkSigner implements LinkSigner {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(keyFile: string) {
    let pem: string;
    try {
      pem = readFileSync(keyFile, 'utf8');
    } catch {
      const { privateKey } = generateKeyPairSync('ed25519');
      pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      mkdirSync(dirname(keyFile), { recursive: true });
      writeFileSync(keyFile, pem, { mode: 0o600 });
    }
    this.privateKey = createPrivateKey(pem);
    this.publicKey = createPublicKey(this.privateKey);
  }

  async sign(message: Buffer): Promise<Buffer> {
    return sign(null, message, this.privateKey);
  }

  async verify(message: Buffer, signature: Buffer): Promise<boolean> {
    return verify(null, message, this.publicKey, signature);
  }
}
