/**
 * The permissive cut-out adapter: U²-Net small (Apache-2.0) at 320x320, its soft mask stretched to the photo's
 * working size, optionally refined there with a guided filter (the photo as guide), then the same clean-up as every
 * cut-out (largest car body, attached pieces, no sign posts).
 */
import sharp from 'sharp';
import { colourGuidedFilter, guidedFilter } from './guided-filter';
import { cleanMask, type CleanMask } from './mask-cleanup';
import type { CarCutout, CutoutPhoto } from './port';
import { predictU2netp, U2NETP_RESOLUTION } from './u2netp-session';

export interface U2netpRefinement {
  /** `none` (the stretched model mask as it is: the default), `guided` (grey guide) or `colour` (RGB guide). */
  refine: 'guided' | 'colour' | 'none';
  /** Guided filter window radius as a fraction of the photo's longer side. */
  radiusFraction: number;
  /** Guided filter regularisation (guide in 0..1). */
  eps: number;
}

/**
 * No refinement by default: on bench:cutout's 67 photos every guided filter tried (grey and colour guide, radius
 * 0.4-1% of the longer side, eps 1e-4 to 1e-2) agreed slightly less with the ISNet cut-out than the stretched model
 * mask itself (docs/benchmarks.md, "Cut-out"), and cost 0.1-0.5 s more.
 */
export const DEFAULT_REFINEMENT: U2netpRefinement = { refine: 'none', radiusFraction: 0.004, eps: 1e-4 };

export class U2netpCutout implements CarCutout {
  readonly name: string;
  private readonly refinement: U2netpRefinement;

  constructor(refinement: Partial<U2netpRefinement> = {}) {
    this.refinement = { ...DEFAULT_REFINEMENT, ...refinement };
    this.name = { guided: 'u2netp + guided filter', colour: 'u2netp + colour guided filter', none: 'u2netp' }[this.refinement.refine];
  }

  /** The refined soft mask (0..255) at the photo's size, before clean-up. */
  async softMask(photo: CutoutPhoto): Promise<Uint8Array> {
    const { width: w, height: h } = photo;
    const raw = { raw: { width: w, height: h, channels: 3 as const } };
    const square = await sharp(photo.rgb, raw).resize(U2NETP_RESOLUTION, U2NETP_RESOLUTION, { fit: 'fill' }).raw().toBuffer();
    const coarse = await predictU2netp(square);
    const bytes = Uint8Array.from(coarse, (v) => Math.round(v * 255));
    const stretched = await sharp(bytes, { raw: { width: U2NETP_RESOLUTION, height: U2NETP_RESOLUTION, channels: 1 } })
      .resize(w, h, { fit: 'fill' })
      .extractChannel(0) // sharp widens 1-channel raw input to sRGB otherwise
      .raw()
      .toBuffer();
    if (this.refinement.refine === 'none') return new Uint8Array(stretched.buffer, stretched.byteOffset, stretched.length);
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
    return cleanMask(await this.softMask(photo), photo.width, photo.height);
  }
}
