/**
 * Local home's content signer: an ES256 (P-256) key and its certificate chain (our own CA and an end-entity
 * certificate), created once in the data folder's keys directory and kept there.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { issueSigningChain, pemChainToDer } from './certificates';
import type { ContentSigner } from './ports';

export const LOCAL_KEY_FILE = 'c2pa-es256.pem';
export const LOCAL_CHAIN_FILE = 'c2pa-chain.pem';
const LOCAL_CA_KEY_FILE = 'c2pa-ca-key.pem';

export class LocalContentSigner implements ContentSigner {
  private key: KeyObject | undefined;
  private chain: Promise<Buffer[]> | undefined;

  constructor(private readonly keyDir: string) {}

  private privateKey(): KeyObject {
    if (this.key) return this.key;
    const file = join(this.keyDir, LOCAL_KEY_FILE);
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch {
      pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      mkdirSync(this.keyDir, { recursive: true });
      // 'wx': two processes starting at once keep the first key written.
      try {
        writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
      } catch {
        pem = readFileSync(file, 'utf8');
      }
    }
    return (this.key = createPrivateKey(pem));
  }

  certificateChain(): Promise<Buffer[]> {
    return (this.chain ??= (async () => {
      const key = this.privateKey();
      const file = join(this.keyDir, LOCAL_CHAIN_FILE);
      try {
        return pemChainToDer(readFileSync(file, 'utf8'));
      } catch {
        const spki = createPublicKey(key).export({ type: 'spki', format: 'der' });
        const issued = await issueSigningChain(spki);
        try {
          writeFileSync(file, issued.chainPem, { flag: 'wx' });
          writeFileSync(join(this.keyDir, LOCAL_CA_KEY_FILE), issued.caKeyPem, { mode: 0o600 });
        } catch {
          // another process issued it first: use that one
        }
        return pemChainToDer(readFileSync(file, 'utf8'));
      }
    })());
  }

  async sign(data: Buffer): Promise<Buffer> {
    // ieee-p1363 is r||s, the form COSE wants.
    return sign('sha256', data, { key: this.privateKey(), dsaEncoding: 'ieee-p1363' });
  }
}
