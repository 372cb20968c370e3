/**
 * AWS's content signer: an asymmetric KMS key (ECC_NIST_P256, SIGN_VERIFY; the private key never leaves KMS) and
 * its certificate chain (PEM) from an SSM parameter, both created by CDK (the chain is issued once with
 * `npm run c2pa:certificate`).
 */
import { KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { AsnConvert } from '@peculiar/asn1-schema';
import { ECDSASigValue } from '@peculiar/asn1-ecc';
import { RenderRetryableError } from '../renderer/port';
import { pemChainToDer } from './certificates';
import type { ContentSigner } from './ports';

/** KMS answers an ECDSA signature as DER (SEQUENCE of r, s); COSE wants r||s, each 32 bytes for P-256. */
export function derEcdsaToRaw(der: Uint8Array, size = 32): Buffer {
  const { r, s } = AsnConvert.parse(der, ECDSASigValue);
  const fixed = (n: ArrayBuffer) => {
    const b = Buffer.from(n);
    const trimmed = b.subarray(Math.max(0, b.length - size)); // drops the sign byte a DER INTEGER may carry
    return Buffer.concat([Buffer.alloc(size - trimmed.length), trimmed]);
  };
  return Buffer.concat([fixed(r), fixed(s)]);
}

/** KMS and SSM errors a later try can fix (after the SDK's own retries): throttling, 5xx, time-outs, the network. */
const TRANSIENT_NAMES = new Set(['ThrottlingException', 'TooManyRequestsException', 'KMSInternalException', 'KeyUnavailableException', 'DependencyTimeoutException', 'InternalServerError', 'InternalServerErrorException', 'ServiceUnavailableException', 'TimeoutError', 'RequestTimeout']);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

export function isTransientAwsError(error: unknown): boolean {
  const e = error as { name?: string; code?: string; $retryable?: unknown; $metadata?: { httpStatusCode?: number } };
  if (!e || typeof e !== 'object') return false;
  const status = e.$metadata?.httpStatusCode;
  return !!e.$retryable || TRANSIENT_NAMES.has(e.name ?? '') || NETWORK_CODES.has(e.code ?? '') || (status !== undefined && status >= 500);
}

/**
 * Where KMS or SSM is called, their failure is sorted: transient ones become RenderRetryableError (the workflow
 * retries the render); a refused permission, a missing key or parameter stay as they are: ours to fix.
 */
async function transientIsRetryable<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isTransientAwsError(error)) throw new RenderRetryableError(`${what} could not be reached (${(error as Error).name}); the render will be retried.`);
    throw error;
  }
}

export class KmsContentSigner implements ContentSigner {
  private readonly kms: KMSClient;
  private readonly ssm: SSMClient;
  private chain: Promise<Buffer[]> | undefined;

  constructor(private readonly options: { keyId: string; chainParameter: string; region: string }) {
    this.kms = new KMSClient({ region: options.region });
    this.ssm = new SSMClient({ region: options.region });
  }

  /** Read once per Lambda instance. */
  certificateChain(): Promise<Buffer[]> {
    this.chain ??= transientIsRetryable('The content credentials certificate (SSM)', () => this.ssm.send(new GetParameterCommand({ Name: this.options.chainParameter }))).then((out) => {
      const pem = out.Parameter?.Value ?? '';
      if (!pem.includes('BEGIN CERTIFICATE')) throw new Error(`No certificate chain in ${this.options.chainParameter} yet: run npm run c2pa:certificate`);
      return pemChainToDer(pem);
    });
    this.chain.catch(() => (this.chain = undefined));
    return this.chain;
  }

  async sign(data: Buffer): Promise<Buffer> {
    const out = await transientIsRetryable('The content credentials key (KMS)', () =>
      this.kms.send(new SignCommand({ KeyId: this.options.keyId, Message: data, MessageType: 'RAW', SigningAlgorithm: 'ECDSA_SHA_256' })),
    );
    if (!out.Signature) throw new Error('KMS answered without a signature');
    return derEcdsaToRaw(out.Signature);
  }
}
