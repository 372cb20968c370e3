/**
 * The scene library on disk: SCENES_DIR holds the panoramas the manifest lists (never committed; `npm run
 * scenes:fetch` downloads them). Each panorama is read, hash-checked, decoded and tone-mapped once per process,
 * and its light measured (the sun or brightest region, how much of the light it gives, the light's colour).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { decodeRgbe } from './rgbe';
import type { Scene } from './scene-manifest';

const sceneConfigSchema = z.object({
  /** Folder of the scene library (relative to the working directory); unset: the outdoor styles are not offered. */
  SCENES_DIR: z.string().trim().min(1).optional().catch(undefined),
  /** In AWS: the bucket the deploy uploaded the library to (`-c scenesDir`); its files are fetched into a local folder. */
  SCENES_BUCKET: z.string().trim().min(1).optional().catch(undefined),
});

/**
 * The folder the scene library is read from, resolved: SCENES_DIR, or with SCENES_BUCKET (AWS) the folder in /tmp the
 * files are fetched into on first use; undefined when no library is configured.
 */
export function scenesDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const config = sceneConfigSchema.parse(env);
  if (config.SCENES_DIR) return resolve(config.SCENES_DIR);
  return config.SCENES_BUCKET ? join(tmpdir(), 'scenes') : undefined;
}

/**
 * Where panorama files come from when they are not in the folder yet: the S3 adapter in AWS
 * (s3-scene-store.ts, wired by the render handlers' composition). A folder library needs none.
 */
export interface SceneStore {
  /** The file's bytes, e.g. `venice_sunset_1k.hdr`; rejects when the store lacks it. */
  read(fileName: string): Promise<Uint8Array>;
}

let store: SceneStore | undefined;
/** Sets the store missing panoramas are fetched from (once per container: a fetched file stays in the folder). */
export function useSceneStore(next: SceneStore | undefined): void {
  store = next;
}

/** Fetches the scene's 1k file from the store into `dir`, written whole or not at all; false when there is no store. */
async function fetchScene(dir: string, scene: Scene): Promise<boolean> {
  if (!store) return false;
  const name = `${scene.slug}_1k.hdr`;
  let bytes: Uint8Array;
  try {
    bytes = await store.read(name);
  } catch (error) {
    throw new SceneLibraryError(`Scene ${scene.id}: ${name} could not be read from the scene store (${error instanceof Error ? error.message : String(error)}).`);
  }
  mkdirSync(dir, { recursive: true });
  const part = resolve(dir, `${name}.${process.pid}.part`);
  writeFileSync(part, bytes);
  renameSync(part, resolve(dir, name));
  return true;
}

/** Sizes looked for, smallest first: the backdrop is out of focus, so 1k is what a render needs. */
const SIZES = ['1k', '2k', '4k'] as const;

export function sceneFile(dir: string, scene: Scene): { path: string; size: (typeof SIZES)[number] } | undefined {
  for (const size of SIZES) {
    const path = resolve(dir, `${scene.slug}_${size}.hdr`);
    if (existsSync(path)) return { path, size };
  }
  return undefined;
}

export interface SceneLight {
  /** Direction of the sun or the brightest region: yaw in degrees (panorama columns), elevation in degrees. */
  yaw: number;
  elevation: number;
  /** Share of the light on a horizontal surface that comes from within 12 degrees of that direction (0..1). */
  dominance: number;
  /** The key light's colour as gains relative to grey (mean 1): the light within 25 degrees of that direction. */
  tint: [number, number, number];
}

export interface Panorama {
  width: number;
  height: number;
  /** Tone-mapped sRGB, 0..255 as floats (bilinear sampling without re-quantising), 3 a pixel. */
  srgb: Float32Array;
  light: SceneLight;
  file: string;
}

export class SceneLibraryError extends Error {
  override readonly name = 'SceneLibraryError';
}

/** ACES filmic curve (Narkowicz's fit) and the sRGB transfer: highlights roll off as in a photo. */
function toneMap(linear: number): number {
  const x = Math.max(0, linear);
  const y = Math.min(1, (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
  return 255 * (y <= 0.0031308 ? 12.92 * y : 1.055 * y ** (1 / 2.4) - 0.055);
}

function measureLight(rgb: Float32Array, width: number, height: number): SceneLight {
  // Irradiance on a horizontal surface: every upper-hemisphere pixel weighted by its solid angle and cos(zenith).
  let best = -1, bestX = 0, bestY = 0;
  let total = 0;
  for (let y = 0; y < height / 2; y++) {
    const elevation = (Math.PI / 2) * (1 - (2 * (y + 0.5)) / height);
    const w = Math.cos(elevation) * Math.sin(elevation);
    for (let x = 0; x < width; x++) {
      const i = 3 * (y * width + x);
      const l = 0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!;
      if (l > best) (best = l), (bestX = x), (bestY = y);
      total += l * w;
    }
  }
  const yaw = (360 * (bestX + 0.5)) / width;
  const elevation = 90 * (1 - (2 * (bestY + 0.5)) / height);
  // The share within 12 degrees of the brightest direction, and the colour within 25 degrees of it.
  let near = 0;
  const key: [number, number, number] = [0, 0, 0];
  const cosR = Math.cos((12 * Math.PI) / 180), cosK = Math.cos((25 * Math.PI) / 180);
  const sx = Math.cos((elevation * Math.PI) / 180) * Math.sin((yaw * Math.PI) / 180), sy = Math.sin((elevation * Math.PI) / 180), sz = Math.cos((elevation * Math.PI) / 180) * Math.cos((yaw * Math.PI) / 180);
  for (let y = 0; y < height / 2; y++) {
    const e = (Math.PI / 2) * (1 - (2 * (y + 0.5)) / height);
    const w = Math.cos(e) * Math.sin(e);
    for (let x = 0; x < width; x++) {
      const a = (2 * Math.PI * (x + 0.5)) / width;
      const c = Math.cos(e) * Math.sin(a) * sx + Math.sin(e) * sy + Math.cos(e) * Math.cos(a) * sz;
      if (c < cosK) continue;
      const i = 3 * (y * width + x);
      for (let k = 0; k < 3; k++) key[k] = key[k]! + rgb[i + k]! * w;
      if (c >= cosR) near += (0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!) * w;
    }
  }
  const grey = (key[0] + key[1] + key[2]) / 3 || 1;
  const tint = key.map((s) => s / grey) as [number, number, number];
  return { yaw, elevation, dominance: total ? near / total : 0, tint };
}

const cache = new Map<string, Promise<Panorama>>();

/** The scene's panorama from SCENES_DIR, decoded once per process; rejects when it is missing or altered. */
export function loadPanorama(dir: string, scene: Scene): Promise<Panorama> {
  const key = `${dir}\0${scene.id}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = (async () => {
      let found = sceneFile(dir, scene);
      const fetched = !found && (await fetchScene(dir, scene));
      if (fetched) found = sceneFile(dir, scene);
      if (!found) throw new SceneLibraryError(`Scene ${scene.id}: ${scene.slug}_1k.hdr is not in ${dir} (npm run scenes:fetch).`);
      const bytes = readFileSync(found.path);
      if (found.size === '1k') {
        const hash = createHash('sha256').update(bytes).digest('hex');
        if (hash !== scene.sha256_1k) {
          // A fetched copy that does not match is removed, so the next attempt fetches it again.
          if (fetched) rmSync(found.path, { force: true });
          throw new SceneLibraryError(`Scene ${scene.id}: ${found.path} does not match the manifest's sha256.`);
        }
      }
      const hdr = decodeRgbe(bytes);
      const gain = 2 ** scene.exposure;
      const srgb = new Float32Array(hdr.rgb.length);
      // A lookup table would quantise the HDR range; the curve on 1.5 M values costs about 30 ms once.
      for (let i = 0; i < srgb.length; i++) srgb[i] = toneMap(hdr.rgb[i]! * gain);
      return { width: hdr.width, height: hdr.height, srgb, light: measureLight(hdr.rgb, hdr.width, hdr.height), file: found.path };
    })();
    cache.set(key, entry);
    entry.catch(() => cache.get(key) === entry && cache.delete(key));
  }
  return entry;
}
