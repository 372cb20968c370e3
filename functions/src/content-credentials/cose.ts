/**
 * The signature the C2PA library asks its signer callback for: a whole COSE_Sign1 (RFC 9052, CBOR tag 18) with
 * the certificate chain in the protected header (x5chain, label 33), a detached payload, and padding so the
 * result is exactly the size the library reserved. CBOR itself is encoded by cbor-x.
 */
import { Encoder, Tag } from 'cbor-x';
import type { ContentSigner } from './ports';

const cbor = new Encoder({ useRecords: false, mapsAsObjects: false, tagUint8Array: false, variableMapSize: true });
const COSE_ALG = 1;
const COSE_X5CHAIN = 33;
const ES256 = -7;
const COSE_SIGN1_TAG = 18;

const bytes = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

function protectedHeaderOf(chain: Buffer[]): Buffer {
  return bytes(cbor.encode(new Map<number, unknown>([[COSE_ALG, ES256], [COSE_X5CHAIN, chain]])));
}

const encodeSign1 = (protectedHeader: Buffer, signature: Buffer, pad: number) =>
  cbor.encode(new Tag([protectedHeader, new Map([['pad', Buffer.alloc(pad)]]), null, signature], COSE_SIGN1_TAG));

/**
 * The exact size of our COSE_Sign1 for this chain with no padding: reserving exactly this leaves no unsigned
 * padding in the image (a byte changed there would go unnoticed) and adds the fewest bytes.
 */
export function coseSize(chain: Buffer[]): number {
  return encodeSign1(protectedHeaderOf(chain), Buffer.alloc(64), 0).length;
}

export async function coseSign1(signer: ContentSigner, chain: Buffer[], claim: Uint8Array, reserveSize: number): Promise<Uint8Array> {
  const protectedHeader = protectedHeaderOf(chain);
  // Sig_structure: the claim is the detached payload; no external AAD.
  const toBeSigned = bytes(cbor.encode(['Signature1', protectedHeader, Buffer.alloc(0), bytes(claim)]));
  const signature = await signer.sign(toBeSigned);
  if (signature.length !== 64) throw new Error(`ES256 signature must be 64 bytes r||s, got ${signature.length}`);
  const encode = (pad: number) => encodeSign1(protectedHeader, signature, pad);
  // The length prefix of "pad" grows with it: settle the size in a few steps.
  let pad = Math.max(0, reserveSize - encode(0).length);
  for (let i = 0; i < 4; i++) {
    const size = encode(pad).length;
    if (size === reserveSize) return encode(pad);
    pad = Math.max(0, pad - (size - reserveSize));
  }
  throw new Error(`COSE signature does not fit the reserved ${reserveSize} bytes`);
}
