/**
 * The port the car-fidelity check reads masks through: pixels in, the car's alpha out. Kept apart from
 * any model so the check is testable and so a deployment without a cut-out model can run without it.
 */

/** Raw RGB pixels (3 bytes per pixel, row by row). */
export interface RgbImage {
  rgb: Buffer;
  width: number;
  height: number;
}

/** The car's alpha (0..255) at the image's size; 128 and above counts as car. */
export interface CarMask {
  alpha: Uint8Array;
  width: number;
  height: number;
}

export interface CarMasker {
  /** Names the model in logs and metadata. */
  readonly name: string;
  maskCar(image: RgbImage): Promise<CarMask>;
}
