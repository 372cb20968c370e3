/**
 * The vision port: what a photo shows. Is there a car, one main car, whole enough; where it is; which of the 8
 * angles it shows and how sure that is. Two adapters: a local object detector (plus the cut-out's silhouette for the
 * angle) and OpenAI's vision model. The renderer, the start of a package and the angle suggestion read only this.
 */
import type { Angle } from '@shared/angles';
import type { CarAppearance } from '@shared/same-car';
import type { DecodedPhoto } from '../renderer/photo-validation';

/** A box as fractions of the photo (0..1), left/top inclusive, right/bottom exclusive. */
export interface NormBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** One vehicle the detector found. */
export interface Detection {
  box: NormBox;
  score: number;
  label: 'car' | 'truck' | 'bus';
  /**
   * Weaker boxes the detector drew over this vehicle that do not count as vehicles (too little evidence, or mostly
   * inside this box): a car parked behind, showing over the roof, is often only that. The cut-out reads them.
   */
  nearby?: NormBox[];
  /** What the detector's network saw inside the box, for the same-car comparison (local/car-look.ts; local detector only). */
  look?: number[];
  /** People whose box overlaps this vehicle's (local detector only; the cloud model is not asked for people). */
  people?: Person[];
}

/** A person the detector saw. */
export interface Person {
  box: NormBox;
  score: number;
}

/** car_interior: a photo taken inside a car (only the cloud model tells it; the local detector sees no whole car). */
export type CarRefusal = 'not_a_car' | 'car_interior' | 'car_too_small' | 'car_outside_frame' | 'several_cars';

export type CarSighting =
  | {
      ok: true;
      /** Vehicles seen (the main one included). */
      cars: number;
      main: NormBox;
      /** The other vehicles, to be left out of the main car's cut-out. */
      others: NormBox[];
      /** The main car touches a frame edge: shown to the dealer. */
      cutByEdge: boolean;
      /** People whose box overlaps the main car's (local detector only: the cloud model is not asked for people). */
      people?: NormBox[];
      /**
       * Something stands between the camera and the car (a fence, a branch), read from the cut-out (local adapter only,
       * and only when the angle was asked for: it needs the car's silhouette).
       */
      somethingInFront?: boolean;
      /**
       * The photo's edge cuts through the car (its roof below the flat top, or the body below the bumper), read from the
       * cut-out as the studio image's card reads it (local adapter only, with the angle): a close-up retake.
       */
      cutThrough?: boolean;
      /** Null when the caller did not ask for it (LookOptions.angle false). */
      angle: Angle | null;
      /** 0..1; under LOW_CONFIDENCE the suggestion says it is unsure. */
      confidence: number;
      warnings: string[];
      /** The main car's paint and shape, for the same-car comparison (absent when the caller did not ask for the angle). */
      appearance?: CarAppearance | null;
    }
  | { ok: false; reason: CarRefusal; message: string; cars: number };

/** Under this an angle suggestion says it is not sure. */
export const LOW_CONFIDENCE = 0.6;

export interface LookOptions {
  /** Skip the angle (the start's check only needs the verdict): the local adapter then needs no cut-out. */
  angle?: boolean;
}

export interface CarVision {
  readonly name: 'local' | 'openai';
  readonly model: string;
  /** Looks at one decoded photo. Model failures throw (VisionUnavailableError); a photo without a car does not. */
  look(photo: DecodedPhoto, options?: LookOptions): Promise<CarSighting>;
}

/**
 * Reads the main car's number plate inside its box, for an adapter without a cut-out (the cloud one): the text, or null
 * when the view shows no end or nothing reads as a plate. Throws when its models fail (the adapter goes on without it).
 */
export type PlateReader = (photo: DecodedPhoto, main: NormBox, angle: Angle) => Promise<string | null>;

/** The vision service failed (network, rate limit, bad answer): the photo itself is not at fault. */
export class VisionUnavailableError extends Error {
  override readonly name = 'VisionUnavailableError';
}
