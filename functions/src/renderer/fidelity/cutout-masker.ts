/**
 * CarMasker on the cut-out port (cutout/port.ts): the same model and clean-up as the studio compositor, u2netp by
 * default (Apache-2.0), so the car fidelity check runs in both homes (ISNet only when CUTOUT_MODEL=isnet locally).
 */
import type { CarCutout } from '../cutout/port';
import type { CleanMask } from '../cutout/mask-cleanup';
import type { CarMasker, RgbImage } from './car-masker';

export class CutoutCarMasker implements CarMasker {
  readonly name: string;

  constructor(private readonly cutout: CarCutout) {
    this.name = cutout.name;
  }

  /** The cleaned cut-out mask (a CarMask with the car's box). */
  maskCar(image: RgbImage): Promise<CleanMask> {
    return this.cutout.cutOut(image);
  }
}
