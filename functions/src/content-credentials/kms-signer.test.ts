import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derEcdsaToRaw } from './kms-signer';

describe('KMS signature conversion', () => {
  it('turns DER ECDSA signatures (as KMS answers) into the 64-byte r||s COSE wants, whatever the integer lengths', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const lengths = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const message = Buffer.from(`claim ${i}`);
      const der = sign('sha256', message, { key: privateKey, dsaEncoding: 'der' });
      lengths.add(der.length); // r or s with a leading sign byte, or shorter than 32 bytes
      const raw = derEcdsaToRaw(der);
      expect(raw).toHaveLength(64);
      expect(verify('sha256', message, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true);
    }
    expect(lengths.size).toBeGreaterThan(1);
  });
});
