/**
 * The Content Authenticity Initiative's C2PA implementation (@contentauth/c2pa-wasm: c2pa-rs compiled to WASM)
 * on Node: signing and reading. Started once per process, on first use.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { coseSign1, coseSize } from './cose';
import type { ContentSigner } from './ports';

type C2pa = typeof import('@contentauth/c2pa-wasm');
export type ImageFormat = 'image/jpeg' | 'image/webp';

/**
 * A Blob that also keeps its bytes: the library reads a Blob through FileReaderSync (a browser worker API Node
 * lacks), and slices it first, so each slice must keep its bytes too.
 */
class BytesBlob extends Blob {
  constructor(readonly content: Uint8Array) {
    super([content as Uint8Array<ArrayBuffer>]);
  }
  override slice(start?: number, end?: number): Blob {
    return new BytesBlob(this.content.subarray(start ?? 0, end ?? this.content.length));
  }
}

class FileReaderSyncStandIn {
  readAsArrayBuffer(blob: Blob): ArrayBuffer {
    if (!(blob instanceof BytesBlob)) throw new Error('FileReaderSync stand-in reads only BytesBlob');
    // A copy of exactly the blob's bytes. Not content.slice(): on a Node Buffer that is a view, and its .buffer is the
    // whole memory behind it (Node's shared pool, other requests' bytes), from its start.
    return Uint8Array.prototype.slice.call(blob.content).buffer as ArrayBuffer;
  }
}

let loaded: Promise<C2pa> | undefined;

/** Loads the WASM module (about 9 MB) once. */
export function c2pa(): Promise<C2pa> {
  return (loaded ??= (async () => {
    const g = globalThis as { FileReaderSync?: unknown };
    g.FileReaderSync ??= FileReaderSyncStandIn;
    const mod = await import('@contentauth/c2pa-wasm');
    const pkg = dirname(createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/package.json'));
    mod.initSync({ module: readFileSync(join(pkg, 'pkg', 'c2pa_bg.wasm')) });
    return mod;
  })());
}

export interface IngredientDefinition {
  title: string;
  format: string;
  relationship: 'parentOf' | 'componentOf' | 'inputTo';
  [key: string]: unknown;
}

export interface ManifestDefinition {
  claim_generator_info: Array<{ name: string; version?: string }>;
  title: string;
  format: ImageFormat;
  assertions: Array<{ label: string; data: unknown }>;
  [key: string]: unknown;
}


/**
 * Signs `asset` with `manifest`, the parent ingredient made from `parent` (its bytes are hashed by the library;
 * nothing of it is copied into the image but that hash, its title and format).
 */
export async function signAsset(input: {
  signer: ContentSigner;
  manifest: ManifestDefinition;
  asset: Buffer;
  parent?: { definition: IngredientDefinition; bytes: Buffer };
}): Promise<Buffer> {
  const lib = await c2pa();
  const chain = await input.signer.certificateChain();
  const builder = lib.WasmBuilder.fromJson(JSON.stringify(input.manifest));
  // The signer runs inside the library's callback, which reports a failure as its own error: kept to be rethrown as
  // it was (a KMS time-out stays retryable).
  let signerError: unknown;
  const sign = async (claim: Uint8Array) => {
    try {
      return (await coseSign1(input.signer, chain, claim, reserveSize)) as Uint8Array<ArrayBuffer>;
    } catch (error) {
      signerError = error;
      throw error;
    }
  };
  const reserveSize = coseSize(chain);
  try {
    if (input.parent) await builder.addIngredientFromBlob(JSON.stringify(input.parent.definition), input.parent.definition.format, new BytesBlob(input.parent.bytes));
    const signed = await builder.sign({ alg: 'es256', reserveSize, sign }, [], input.manifest.format, new BytesBlob(input.asset));
    return Buffer.from(signed);
  } catch (error) {
    if (signerError !== undefined) throw signerError;
    // The library throws strings or objects without a message: named here so the log says what failed.
    throw new Error(`The C2PA library could not sign the ${input.manifest.format} image: ${describeLibraryError(error)}`);
  } finally {
    builder.free();
  }
}

function describeLibraryError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export interface ReadResult {
  /** The manifest store as the library reports it (manifests, active_manifest, validation_state, ...). */
  store: Record<string, unknown> & { validation_state?: string; active_manifest?: string; manifests?: Record<string, unknown> };
}

/**
 * Reads the credentials in an image; undefined when it carries none. `trustAnchorsPem` makes our own CA
 * trusted, so a manifest signed by us reads back Trusted and one signed by anyone else at most Valid.
 */
export async function readAsset(bytes: Buffer, format: string, trustAnchorsPem?: string): Promise<ReadResult | undefined> {
  const lib = await c2pa();
  const context = trustAnchorsPem ? JSON.stringify({ trust: { trust_anchors: trustAnchorsPem } }) : null;
  let reader: Awaited<ReturnType<C2pa['WasmReader']['fromBytes']>>;
  try {
    reader = await lib.WasmReader.fromBytes(format, new Uint8Array(bytes), context);
  } catch (error) {
    if (/JumbfNotFound|ManifestNotFound|no JUMBF|NotFound/i.test(String((error as Error)?.message ?? error))) return undefined;
    throw error;
  }
  try {
    return { store: JSON.parse(reader.json()) as ReadResult['store'] };
  } finally {
    reader.free();
  }
}
