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
  /** With a grade (scene-manifest.ts): the panorama tone-mapped as shot, without it, to meter the car's exposure on. */
  metered?: Float32Array;
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

/** The ACES curve on linear light, without the sRGB transfer (0..1). */
function aces(x: number): number {
  return Math.min(1, (x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14));
}
const toSrgb = (y: number) => 255 * (y <= 0.0031308 ? 12.92 * y : 1.055 * Math.max(0, Math.min(1, y)) ** (1 / 2.4) - 0.055);

/** The sun's glow (scene-manifest.ts, grade.sunGlow): its colour at the disc and in the glare around it. */
const SUN_DISC = { radius: 0.9, colour: [1, 0.9, 0.7] } as const;
const SUN_GLARE = [
  { spread: 2.5, share: 0.55, colour: [1, 0.62, 0.3] },
  { spread: 9, share: 0.3, colour: [1, 0.55, 0.28] },
] as const;

/**
 * The panorama tone-mapped with the scene's grade (scene-manifest.ts, grade): the sky and everything near the horizon
 * taken down by a graduated filter, the sun drawn as a bright disc with a warm glare, then the filmic curve on each
 * pixel's luminance with its hue kept and its chroma scaled. Light is measured on the panorama as shot, not on this.
 */
export function gradedToneMap(hdr: { width: number; height: number; rgb: Float32Array }, gain: number, grade: NonNullable<Scene['grade']>, light: SceneLight): Float32Array {
  const { width: W, height: H, rgb } = hdr;
  const out = new Float32Array(rgb.length);
  const d2r = Math.PI / 180;
  const se = light.elevation * d2r, sa = light.yaw * d2r;
  const sun = [Math.cos(se) * Math.sin(sa), Math.sin(se), Math.cos(se) * Math.cos(sa)];
  // The sky's own brightness beside the sun (a ring 3-6 degrees out), which the glare is a multiple of.
  let ring = 0, ringN = 0;
  const dir = (x: number, y: number) => {
    const e = (Math.PI / 2) * (1 - (2 * (y + 0.5)) / H), a = (2 * Math.PI * (x + 0.5)) / W;
    return { e, c: Math.cos(e) * Math.sin(a) * sun[0]! + Math.sin(e) * sun[1]! + Math.cos(e) * Math.cos(a) * sun[2]! };
  };
  for (let y = 0; y < H / 2; y++)
    for (let x = 0; x < W; x++) {
      const t = Math.acos(Math.min(1, dir(x, y).c)) / d2r;
      if (t < 3 || t > 6) continue;
      const i = 3 * (y * W + x);
      ring += 0.2126 * rgb[i]! + 0.7152 * rgb[i + 1]! + 0.0722 * rgb[i + 2]!;
      ringN++;
    }
  const glare = (ring / Math.max(1, ringN)) * (2 ** grade.sunGlow - 1);
  const skyGain = 2 ** grade.sky;
  for (let y = 0; y < H; y++) {
    const row = dir(0, y).e / d2r;
    // The filter: none at `from` degrees below the horizon, full at it and above (smooth between).
    const u = Math.max(0, Math.min(1, (row - grade.from) / -grade.from));
    const f = u * u * (3 - 2 * u);
    // Deeper toward the top of the sky, as through a graduated filter's dark half: `top` stops more 35 degrees up.
    const v = Math.max(0, Math.min(1, row / 35));
    const g = gain * (1 - f + f * skyGain) * 2 ** (grade.top * v * v * (3 - 2 * v));
    for (let x = 0; x < W; x++) {
      const i = 3 * (y * W + x);
      let r = rgb[i]!, gg = rgb[i + 1]!, b = rgb[i + 2]!;
      if (glare > 0 && row > -1) {
        const t = Math.acos(Math.min(1, dir(x, y).c)) / d2r;
        let add = [0, 0, 0];
        if (t < 30) {
          const disc = t < SUN_DISC.radius ? 1 : t < SUN_DISC.radius + 0.4 ? (SUN_DISC.radius + 0.4 - t) / 0.4 : 0;
          add = [0, 1, 2].map((k) => disc * 40 * glare * SUN_DISC.colour[k]! + SUN_GLARE.reduce((s, l) => s + glare * l.share * Math.exp(-t / l.spread) * l.colour[k]!, 0));
        }
        r += add[0]!; gg += add[1]!; b += add[2]!;
      }
      // The evening's white balance over the graded part (the sea and the sky take the sun's colour).
      const warm = 1 + grade.warmth * f;
      r *= g * warm; gg *= g; b *= g / warm;
      const l = 0.2126 * r + 0.7152 * gg + 0.0722 * b;
      if (l <= 0) continue;
      const k = aces(l) / l;
      // Chroma around the luminance, scaled by the grade where the filter is on.
      // Past white (the sun's disc) the colour fades to white, as on film, rather than clipping to a saturated orange.
      const s = (1 + (grade.saturation - 1) * f) * (l > 1 ? 1 / Math.sqrt(l) : 1);
      const lm = l * k;
      out[i] = toSrgb(lm + (r * k - lm) * s);
      out[i + 1] = toSrgb(lm + (gg * k - lm) * s);
      out[i + 2] = toSrgb(lm + (b * k - lm) * s);
    }
  }
  return out;
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
      const light = measureLight(hdr.rgb, hdr.width, hdr.height);
      const gain = 2 ** scene.exposure;
      const plain = new Float32Array(hdr.rgb.length);
      // A lookup table would quantise the HDR range; the curve on 1.5 M values costs about 30 ms once.
      for (let i = 0; i < plain.length; i++) plain[i] = toneMap(hdr.rgb[i]! * gain);
      const base = { width: hdr.width, height: hdr.height, light, file: found.path };
      return scene.grade ? { ...base, srgb: gradedToneMap(hdr, gain, scene.grade, light), metered: plain } : { ...base, srgb: plain };
    })();
    cache.set(key, entry);
    entry.catch(() => cache.get(key) === entry && cache.delete(key));
  }
  return entry;
}
