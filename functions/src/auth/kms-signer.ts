import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import type { LinkSigner } from './ports';

/** AWS's signer: an asymmetric KMS key (ECC_NIST_P256); the private key never leaves KMS. */
export class KmsLinkSigner implements LinkSigner {
  private readonly client: KMSClient;
  private publicKey: Promise<KeyObject> | undefined;

  constructor(private readonly keyId: string, region: string) {
    this.client = new KMSClient({ region });
  }

  async sign(message: Buffer): Promise<Buffer> {
    const out = await this.client.send(new SignCommand({ KeyId: this.keyId, Message: message, MessageType: 'RAW', SigningAlgorithm: 'ECDSA_SHA_256' }));
    return Buffer.from(out.Signature!);
  }

  /** Verifies with the cached public key (no KMS call per sign-in). */
  async verify(message: Buffer, signature: Buffer): Promise<boolean> {
    this.publicKey ??= this.client
      .send(new GetPublicKeyCommand({ KeyId: this.keyId }))
      .then((out) => createPublicKey({ key: Buffer.from(out.PublicKey!), format: 'der', type: 'spki' }));
    return verify('sha256', message, await this.publicKey, signature);
  }
}
