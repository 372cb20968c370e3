/**
 * The cloud vision adapter: one chat completion with the photo as an image input and a structured output (is it a
 * car, how many, the boxes, the main car's angle, the confidence), model from configuration. The boxes go through the
 * same car check as the local detector's, so both homes refuse and warn alike.
 */
import OpenAI, { APIConnectionError, APIError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import sharp from 'sharp';
import { z } from 'zod';
import { ANGLES, type Angle } from '@shared/angles';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import type { DecodedPhoto } from '../../renderer/photo-validation';
import { checkCars } from '../car-check';
import { carAppearance } from '../car-appearance';
import { logPlateNotRead } from '../plate-text/plate-log';
import { VisionUnavailableError, type CarSighting, type CarVision, type Detection, type LookOptions, type NormBox, type PlateReader } from '../port';

export const DEFAULT_VISION_MODEL = 'gpt-4.1-mini';

const box = z.object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() });

/** What the model answers (strict JSON schema: every field required, nullable where it may be absent). */
export const sightingSchema = z.object({
  is_car: z.boolean(),
  shows_interior: z.boolean(),
  car_count: z.number().int(),
  main_car_box: box.nullable(),
  other_car_boxes: z.array(box),
  angle: z.enum(ANGLES).nullable(),
  confidence: z.number(),
});
export type ModelSighting = z.infer<typeof sightingSchema>;

export const VISION_PROMPT = [
  'You check photos a car dealer uploads to make studio images of one car.',
  'Say whether the photo shows a passenger car, van, SUV or pickup (not a toy, drawing, animal or part of a car only), and how many such vehicles are visible.',
  'Give each vehicle\'s bounding box as fractions of the image width and height (0 to 1, left/top/right/bottom): the main car (largest, most complete, most central) in main_car_box, every other one in other_car_boxes.',
  'Give the angle the main car is seen from, one of: front, rear, left_side, right_side, front_left_corner, front_right_corner, rear_left_corner, rear_right_corner.',
  "Left and right are the car's own: a car whose nose points to the image's left shows its left side.",
  'Give your confidence in that angle from 0 to 1. With no car, set is_car false, car_count 0, main_car_box null and angle null.',
  'Set shows_interior true when the photo is taken inside a car (seats, dashboard, steering wheel, the boot from inside); then set is_car false as well.',
].join(' ');

export interface OpenAiVisionOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  timeoutMs?: number;
  /** The client's own retries of a failed call (1; a 429's retry waits its Retry-After). */
  maxRetries?: number;
  /**
   * Reads the plate inside the model's box into the appearance, as the local check does inside its cut-out (only where
   * the function has the text models: check-car-photo, complete-trial-uploads). Without it the appearance has no plate.
   */
  readPlate?: PlateReader;
}

const clampBox = (b: z.infer<typeof box>) => {
  const c = (v: number) => Math.min(1, Math.max(0, v));
  return { left: c(Math.min(b.left, b.right)), top: c(Math.min(b.top, b.bottom)), right: c(Math.max(b.left, b.right)), bottom: c(Math.max(b.top, b.bottom)) };
};

/** How long this process leaves the service alone after it said it is over its rate limit (without a Retry-After). */
export const VISION_BACKOFF_MS = 20_000;
const MAX_BACKOFF_MS = 120_000;

export class OpenAiVision implements CarVision {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  /** Until then every look fails at once: calls made while the service answers 429 only use up the quota faster. */
  private busyUntil = 0;

  constructor(private readonly options: OpenAiVisionOptions) {
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseURL, timeout: options.timeoutMs ?? 30_000, maxRetries: options.maxRetries ?? 1 });
  }

  get model() {
    return this.options.model;
  }

  async look(photo: DecodedPhoto, options: LookOptions = {}): Promise<CarSighting> {
    if (Date.now() < this.busyUntil) throw new VisionUnavailableError(`The vision service is over its rate limit; checks resume in ${Math.ceil((this.busyUntil - Date.now()) / 1000)} s.`);
    // 1024 px on the long side is what the model looks at in detail anyway.
    const jpeg = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } })
      .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
    let answer: ModelSighting;
    try {
      const completion = await this.client.chat.completions.create({
        model: this.options.model,
        response_format: zodResponseFormat(sightingSchema, 'car_sighting'),
        messages: [
          { role: 'system', content: VISION_PROMPT },
          { role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}`, detail: 'low' } }] },
        ],
      });
      const content = completion.choices[0]?.message?.content;
      if (!content) throw new VisionUnavailableError('The vision service answered without a result.');
      answer = sightingSchema.parse(JSON.parse(content));
    } catch (error) {
      if (error instanceof APIError && error.status === 429) this.busyUntil = Date.now() + backoffMs(error);
      throw sortVisionError(error);
    }
    const sighting = sightingFromModel(answer, options);
    // No cut-out here: the paint is measured inside the model's box (an ellipse stands in for the silhouette), and the
    // plate is looked for inside the box too.
    if (sighting.ok && options.angle !== false) {
      const appearance = carAppearance(photo, sighting.main);
      const plate = appearance && sighting.angle ? await this.plateOf(photo, sighting.main, sighting.angle) : null;
      sighting.appearance = appearance && plate ? { ...appearance, plate } : appearance;
    }
    return sighting;
  }

  /** The plate, or null: a failing reader costs the same-car check one cue, never the photo's check. */
  private async plateOf(photo: DecodedPhoto, main: NormBox, angle: Angle): Promise<string | null> {
    if (!this.options.readPlate) return null;
    try {
      return await this.options.readPlate(photo, main, angle);
    } catch (error) {
      logPlateNotRead(error);
      return null;
    }
  }
}

/** The pause a 429 asks for (its Retry-After, in seconds or as a date), else VISION_BACKOFF_MS; at most 2 minutes. */
function backoffMs(error: APIError): number {
  const header = error.headers?.get('retry-after');
  const seconds = Number(header);
  const ms = header ? (Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now()) : NaN;
  return Math.min(MAX_BACKOFF_MS, Number.isFinite(ms) && ms > 0 ? ms : VISION_BACKOFF_MS);
}

/**
 * Where the vision call fails, the failure is sorted: the service busy, unreachable or answering something that is not
 * a sighting is VisionUnavailableError (retried, "nothing was charged"); a request it refuses for good (a rejected key,
 * a model that does not exist) is ours, an Error that says what to fix; anything else stays what it is.
 */
function sortVisionError(error: unknown): Error {
  if (error instanceof VisionUnavailableError) return error;
  if (error instanceof APIConnectionError) return new VisionUnavailableError('The vision service could not be reached.');
  if (error instanceof APIError) {
    const status = error.status;
    if (status === 429 || (status !== undefined && status >= 500)) return new VisionUnavailableError(`The vision service is busy or failing (${status}).`);
    return new Error(`The vision service refused the request (${status ?? 'no status'}; check OPENAI_API_KEY and VISION_MODEL): ${error.message}`);
  }
  if (error instanceof SyntaxError || error instanceof z.ZodError) return new VisionUnavailableError('The vision service answered something that is not a sighting.');
  return error instanceof Error ? error : new Error(String(error));
}

/** The model's answer through the shared car check (the same refusals, main car and warnings as the local detector). */
export function sightingFromModel(answer: ModelSighting, options: LookOptions = {}): CarSighting {
  // The inside of a car is no studio subject: said as such, not as "no car", so the dealer knows what to shoot instead.
  if (answer.shows_interior) return { ok: false, reason: 'car_interior', message: CAR_CHECK_MESSAGES.interior, cars: 0 };
  const vehicles: Detection[] =
    answer.is_car && answer.main_car_box
      ? [answer.main_car_box, ...answer.other_car_boxes].map((b, i) => ({ box: clampBox(b), score: i === 0 ? 1 : 0.9, label: 'car' as const }))
      : [];
  const check = checkCars(vehicles);
  if (!check.ok) return check;
  const warnings: string[] = [];
  if (check.cutByEdge) warnings.push(CAR_CHECK_MESSAGES.cutByEdge);
  if (check.others.length > 0) warnings.push(CAR_CHECK_MESSAGES.otherCarsRemoved(check.others.length));
  const wantAngle = options.angle !== false && answer.angle !== null;
  return {
    ok: true,
    cars: Math.max(vehicles.length, answer.car_count),
    main: check.main.box,
    others: check.others.map((o) => o.box),
    cutByEdge: check.cutByEdge,
    angle: wantAngle ? answer.angle : null,
    confidence: wantAngle ? Math.min(1, Math.max(0, answer.confidence)) : 0,
    warnings,
  };
}
