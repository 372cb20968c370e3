/**
 * The cut-out port: a decoded photo's pixels in, the car's cleaned mask out. Adapters: `u2netp` (U²-Net small,
 * Apache-2.0, the default) and `isnet` (ISNet medium, AGPL-3.0, opt-in and local only).
 */
import type { DecodedPhoto } from '../photo-validation';
import type { CleanMask } from './mask-cleanup';

/** What a cut-out reads of a photo: RGB pixels (3 bytes each, row by row) at working size. */
export type CutoutPhoto = Pick<DecodedPhoto, 'rgb' | 'width' | 'height'>;

export interface CarCutout {
  /** Names the model in logs, metadata and the benchmark. */
  readonly name: string;
  cutOut(photo: CutoutPhoto): Promise<CleanMask>;
}
