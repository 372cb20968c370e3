/**
 * The ISNet cut-out adapter (AGPL-3.0 weights): opt-in with CUTOUT_MODEL=isnet, local home only, never bundled
 * into a Lambda.
 */
import type { CleanMask } from '../cutout/mask-cleanup';
import type { CarCutout, CutoutPhoto } from '../cutout/port';
import { cutOut } from './cutout';

export class IsnetCutout implements CarCutout {
  readonly name = 'isnet-medium';
  cutOut(photo: CutoutPhoto): Promise<CleanMask> {
    return cutOut(photo);
  }
}
