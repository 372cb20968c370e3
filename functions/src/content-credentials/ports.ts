/**
 * The signer port of content credentials: who signs a studio image's C2PA manifest. Locally an ES256 key and a
 * self-issued certificate in `.local-data/keys`; in AWS a KMS key (ECC_NIST_P256, sign only) whose certificate
 * chain is kept in SSM. The C2PA library never sees a private key, only this port.
 */
export interface ContentSigner {
  /** DER certificates, the end-entity certificate (of the signing key) first, then its CA. */
  certificateChain(): Promise<Buffer[]>;
  /** ES256 over `data`: the raw 64-byte r||s signature (not DER), as COSE wants it. */
  sign(data: Buffer): Promise<Buffer>;
}
