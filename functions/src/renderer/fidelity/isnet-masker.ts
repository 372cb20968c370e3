/**
 * CarMasker on the local ISNet cut-out (the same model and clean-up as the local renderer).
 * Local home only: the ISNet weights are AGPL-3.0 and must never be bundled into a Lambda, so the
 * OpenAI renderer in AWS runs without this masker (see create-renderer.ts).
 */
import { cutOut } from '../local/cutout';
import type { CleanMask } from '../cutout/mask-cleanup';
import type { CarMasker, RgbImage } from './car-masker';

export class IsnetCarMasker implements CarMasker {
  readonly name = 'isnet-medium';

  /** Returns the cleaned cut-out mask (a CarMask with the car's box), usable by the compositor too. */
  maskCar(image: RgbImage): Promise<CleanMask> {
    return cutOut(image);
  }
}
