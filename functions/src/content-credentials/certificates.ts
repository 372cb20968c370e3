/**
 * X.509 certificates for content credentials, made with @peculiar/x509 (no hand-written ASN.1). C2PA readers
 * refuse a self-signed signing certificate, so we issue two: a CA certificate and an end-entity certificate
 * for the signing key (not a CA, key usage digitalSignature, extended key usage emailProtection).
 */
import 'reflect-metadata'; // @peculiar/x509's dependency injection (tsyringe) needs it loaded first
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ES256: EcdsaParams & EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
export const CA_NAME = 'CN=Studio Lot Content Credentials CA, O=Studio Lot';
export const SIGNER_NAME = 'CN=Studio Lot studio images, O=Studio Lot';

const serial = () => Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '1');

export interface IssuedChain {
  /** PEM of the end-entity certificate then the CA certificate. */
  chainPem: string;
  /** The CA's private key (PKCS#8 PEM): only kept to issue again; never needed to sign images. */
  caKeyPem: string;
}

/**
 * Issues a CA (a throw-away or kept key) and an end-entity certificate for `publicKeySpki` (the signing key's
 * SubjectPublicKeyInfo, DER: a local key or a KMS key's GetPublicKey answer).
 */
export async function issueSigningChain(publicKeySpki: Buffer, options: { years?: number; now?: Date } = {}): Promise<IssuedChain> {
  const now = options.now ?? new Date();
  const notAfter = new Date(now.getTime() + (options.years ?? 5) * YEAR_MS);
  const caKeys = (await webcrypto.subtle.generateKey(ES256, true, ['sign', 'verify'])) as CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: CA_NAME,
    notBefore: now,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const publicKey = new x509.PublicKey(new Uint8Array(publicKeySpki));
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: SIGNER_NAME,
    issuer: ca.subject,
    notBefore: now,
    notAfter,
    publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection]),
      await x509.SubjectKeyIdentifierExtension.create(publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const caKeyDer = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', caKeys.privateKey));
  return {
    chainPem: `${leaf.toString('pem')}\n${ca.toString('pem')}\n`,
    caKeyPem: `-----BEGIN PRIVATE KEY-----\n${caKeyDer.toString('base64').replace(/.{64}/g, '$&\n')}\n-----END PRIVATE KEY-----\n`.replace(/\n\n/g, '\n'),
  };
}

/** DER certificates from a PEM bundle, in their order. */
export function pemChainToDer(pem: string): Buffer[] {
  const certs = [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map((m) => Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64'));
  if (certs.length < 2) throw new Error('A content credentials certificate chain needs the signing certificate and its CA (2 PEM certificates)');
  return certs;
}

export function derToPem(der: Buffer): string {
  return new x509.X509Certificate(new Uint8Array(der)).toString('pem');
}
