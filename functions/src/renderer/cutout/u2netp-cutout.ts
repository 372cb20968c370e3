/**
 * The permissive cut-out adapter: U²-Net small (Apache-2.0) at 320x320, its soft mask stretched to the photo's
 * working size; where the car is small in the frame, a second pass on a crop around the car found by the first (its
 * box plus 20% each side), averaged with the first; optionally refined with a guided filter (the photo as guide); then the same clean-up as
 * every cut-out (largest car body, attached pieces, no sign posts).
 */
import sharp from 'sharp';
import { colourGuidedFilter, guidedFilter } from './guided-filter';
import { cutGroundBand } from './ground-band';
import { cleanMask, type CleanMask } from './mask-cleanup';
import { recoverMirrors } from './mirror-recovery';
import { recoverSill } from './sill-recovery';
import type { CarCutout, CutoutPhoto } from './port';
import { predictU2netp, U2NETP_RESOLUTION } from './u2netp-session';

export interface U2netpRefinement {
  /** `none` (the stretched model mask as it is: the default), `guided` (grey guide) or `colour` (RGB guide). */
  refine: 'guided' | 'colour' | 'none';
  /** Guided filter window radius as a fraction of the photo's longer side. */
  radiusFraction: number;
  /** Guided filter regularisation (guide in 0..1). */
  eps: number;
  /**
   * Second pass on the car's crop, averaged with the first (0 = none). The value is the margin around the first
   * pass's car box, as a fraction of the box's width and height.
   */
  cropMargin: number;
}

/**
 * No guided filter by default: on bench:cutout's 67 photos every guided filter tried (grey and colour guide, radius
 * 0.4-1% of the longer side, eps 1e-4 to 1e-2) agreed slightly less with the ISNet cut-out than the stretched model
 * mask itself (docs/benchmarks/cut-out.md, "Cut-out"), and cost 0.1-0.5 s more.
 *
 * The crop pass is on: squashing a whole wide frame to 320x320 loses a small car's thin parts (A-pillars, mirrors
 * of the turntable photos, 1480x468 with the car in a third of the width). It runs only where the crop is under
 * half the frame (a car filling the frame gets one pass, at the same cost as before). On bench:cutout's 67 photos
 * it raised boundary F >= 0.90 from 51 to 54 photos (median 0.980 to 0.985), IoU >= 0.97 unchanged at 61.
 * Margins of 10% and 15%, the crop pass alone, the minimum of both, and the crop pass on every photo were measured:
 * each lost more elsewhere or doubled the time of the median photo (docs/benchmarks/cut-out.md, "Cut-out").
 */
export const DEFAULT_REFINEMENT: U2netpRefinement = { refine: 'none', radiusFraction: 0.004, eps: 1e-4, cropMargin: 0.2 };

export class U2netpCutout implements CarCutout {
  readonly name: string;
  private readonly refinement: U2netpRefinement;

  constructor(refinement: Partial<U2netpRefinement> = {}) {
    this.refinement = { ...DEFAULT_REFINEMENT, ...refinement };
    // The name keys stored cut-out records (local-renderer); the crop pass refines the same model's mask, so the
    // default keeps the name and records stored before it stay usable.
    this.name = { guided: 'u2netp + guided filter', colour: 'u2netp + colour guided filter', none: 'u2netp' }[this.refinement.refine];
  }

  /** The refined soft mask (0..255) at the photo's size, before clean-up. */
  async softMask(photo: CutoutPhoto): Promise<Uint8Array> {
    const { width: w, height: h } = photo;
    const { soft: stretched } = await this.passes(photo);
    if (this.refinement.refine === 'none') return stretched;
    const n = w * h;
    const p = new Float32Array(n);
    for (let i = 0; i < n; i++) p[i] = stretched[i]! / 255;
    const r = Math.max(2, Math.round(Math.max(w, h) * this.refinement.radiusFraction));
    let q: Float32Array;
    if (this.refinement.refine === 'colour') q = colourGuidedFilter(photo.rgb, p, w, h, r, this.refinement.eps);
    else {
      const guide = new Float32Array(n);
      for (let i = 0; i < n; i++) guide[i] = (0.299 * photo.rgb[3 * i]! + 0.587 * photo.rgb[3 * i + 1]! + 0.114 * photo.rgb[3 * i + 2]!) / 255;
      q = guidedFilter(guide, p, w, h, r, this.refinement.eps);
    }
    const soft = new Uint8Array(n);
    for (let i = 0; i < n; i++) soft[i] = Math.max(0, Math.min(255, Math.round(q[i]! * 255)));
    return soft;
  }

  async cutOut(photo: CutoutPhoto): Promise<CleanMask> {
    if (this.refinement.refine !== 'none') return cutGroundBand(cleanMask(await this.softMask(photo), photo.width, photo.height), photo);
    const { soft, clean } = await this.passes(photo);
    return finishU2netpMask(soft, photo, clean);
  }

  /** The first pass, and the crop pass where it applies; `clean` is the cleaned mask when it is already made. */
  private async passes(photo: CutoutPhoto): Promise<{ soft: Uint8Array; clean?: CleanMask }> {
    const { width: w, height: h } = photo;
    const first = await passOn(photo, { left: 0, top: 0, width: w, height: h });
    if (this.refinement.cropMargin <= 0) return { soft: first };
    const clean = cleanMask(first, w, h);
    const region = cropAround(clean.box, this.refinement.cropMargin, w, h);
    if (!region) return { soft: first, clean };
    return { soft: fuse(first, await passOn(photo, region), region, w, h) };
  }
}

/**
 * The steps after the model (the bench replays them on a saved soft mask): after the clean-up, with the photo at hand,
 * a dark sill the model saw at half strength is taken back (sill-recovery.ts), the band of ground under the bumper
 * taken for car is cut, and the door mirrors the model barely saw are added back (mirror-recovery.ts).
 */
export function finishU2netpMask(soft: Uint8Array, photo: CutoutPhoto, clean?: CleanMask): CleanMask {
  return recoverMirrors(cutGroundBand(recoverSill(clean ?? cleanMask(soft, photo.width, photo.height), soft, photo), photo), soft, photo);
}

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** u2netp on one region of the photo, squashed to 320x320, its mask stretched back to the region's size. */
async function passOn(photo: CutoutPhoto, region: Region): Promise<Uint8Array> {
  const raw = { raw: { width: photo.width, height: photo.height, channels: 3 as const } };
  const whole = region.width === photo.width && region.height === photo.height;
  const square = await (whole ? sharp(photo.rgb, raw) : sharp(photo.rgb, raw).extract(region))
    .resize(U2NETP_RESOLUTION, U2NETP_RESOLUTION, { fit: 'fill' })
    .raw()
    .toBuffer();
  const coarse = await predictU2netp(square);
  const bytes = new Uint8Array(coarse.length);
  for (let i = 0; i < coarse.length; i++) bytes[i] = Math.round(coarse[i]! * 255);
  const stretched = await sharp(bytes, { raw: { width: U2NETP_RESOLUTION, height: U2NETP_RESOLUTION, channels: 1 } })
    .resize(region.width, region.height, { fit: 'fill' })
    .extractChannel(0) // sharp widens 1-channel raw input to sRGB otherwise
    .raw()
    .toBuffer();
  return new Uint8Array(stretched.buffer, stretched.byteOffset, stretched.length);
}

/**
 * The crop for the second pass: the car's box from the first pass (after the usual clean-up) plus `margin` each
 * side. None when it covers half the frame or more: there the second pass sees nearly the same pixels at nearly the
 * same scale (on bench:cutout it changed those photos by little either way) and would double the time.
 */
export function cropAround(box: CleanMask['box'], margin: number, w: number, h: number): Region | undefined {
  if (box.right <= box.left || box.bottom <= box.top) return undefined;
  const mx = Math.round((box.right - box.left) * margin);
  const my = Math.round((box.bottom - box.top) * margin);
  const left = Math.max(0, box.left - mx);
  const top = Math.max(0, box.top - my);
  const region = { left, top, width: Math.min(w, box.right + mx) - left, height: Math.min(h, box.bottom + my) - top };
  return region.width * region.height >= MAX_CROP_SHARE * w * h ? undefined : region;
}

const MAX_CROP_SHARE = 0.5;

/** The two passes averaged; outside the crop the second pass counts as background (what only the first saw far from the car is halved). */
function fuse(first: Uint8Array, second: Uint8Array, region: Region, w: number, h: number): Uint8Array {
  const fused = new Uint8Array(w * h);
  for (let i = 0; i < fused.length; i++) fused[i] = (first[i]! + 1) >> 1;
  for (let y = 0; y < region.height; y++) {
    const row = (y + region.top) * w + region.left;
    for (let x = 0; x < region.width; x++) fused[row + x] = (first[row + x]! + second[y * region.width + x]! + 1) >> 1;
  }
  return fused;
}
