/**
 * A car shot so close that its roof is outside the picture is not a car to the detector, which then takes the
 * neighbour half in the frame for the main car (functions/src/vision/local/unseen-subject.ts). Seen on parking-lot
 * photos of a JAC head-on: the studio image showed one headlamp and a pole with only "Please check". Here a drawn
 * photo: the close car a bright block across the middle from the top edge, the neighbour a grey block at the right
 * edge; the stand-in network marks the bright pixels, as the real one marks the close car.
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import { cleanMask, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision, type VehicleDetector } from '../../functions/src/vision/local/local-vision';
import { subjectAgainstMain, UNSEEN_SUBJECT_OUTSIDE } from '../../functions/src/vision/local/unseen-subject';
import { cropOnSquare } from './crop-on-square';
import type { Detection, NormBox } from '../../functions/src/vision/port';

const W = 480;
const H = 270;
const NEIGHBOUR = { left: 380, top: 10, right: 480, bottom: 200 };

function drawnPhoto(close: { left: number; top: number; right: number; bottom: number }): DecodedPhoto {
  const rgb = Buffer.alloc(W * H * 3, 110);
  const fill = (r: typeof close, v: number) => {
    for (let y = r.top; y < r.bottom; y++) rgb.fill(v, (y * W + r.left) * 3, (y * W + r.right) * 3);
  };
  fill(NEIGHBOUR, 150);
  fill(close, 235);
  return { type: 'jpeg', originalWidth: W, originalHeight: H, rgb, width: W, height: H };
}

const norm = (r: typeof NEIGHBOUR): NormBox => ({ left: r.left / W, top: r.top / H, right: r.right / W, bottom: r.bottom / H });

/** The brightest thing shown: the bright car where it is in the picture, else the neighbour (on a crop round it). */
async function brightCutOut(p: DecodedPhoto): Promise<CleanMask> {
  const soft = new Uint8Array(p.width * p.height);
  let bright = false;
  for (let i = 0; i < soft.length && !bright; i++) bright = p.rgb[3 * i]! > 200;
  for (let i = 0; i < soft.length; i++) soft[i] = p.rgb[3 * i]! > (bright ? 200 : 140) ? 255 : 0;
  return cleanMask(soft, p.width, p.height);
}

// The detector sees only the neighbour (the close car is too close to be a car to it).
const detector: VehicleDetector = { warmUp: async () => undefined, detectVehicles: async (): Promise<Detection[]> => [{ label: 'car', score: 0.53, box: norm(NEIGHBOUR) }] };

describe('a close car the detector does not see, beside a neighbour it does', () => {
  it('is refused as a car that does not fit, not cut out as a piece of the neighbour', async () => {
    const photo = drawnPhoto({ left: 90, top: 0, right: 400, bottom: 190 });
    const look = await new LocalVision(brightCutOut, detector).lookClosely(photo, { appearance: false });
    expect(look.sighting).toMatchObject({ ok: false, reason: 'car_outside_frame', message: CAR_CHECK_MESSAGES.carOutsideFrame });
  });

  it('is refused even when the detector would see it on a square: that look is only for a photo with no vehicle at all', async () => {
    // br-OUN4297, a JAC head-on with its roof out of the top: on the crop centred on a grey square the detector boxes it
    // (local-vision.ts, lookCloser's `square`), and it would pass as a whole car with one edge touched.
    const photo = drawnPhoto({ left: 90, top: 0, right: 400, bottom: 190 });
    const sizes: Array<[number, number]> = [];
    const squareSeeing: VehicleDetector = {
      warmUp: async () => undefined,
      detectVehicles: async (p: DecodedPhoto): Promise<Detection[]> => {
        sizes.push([p.width, p.height]);
        const crop = sizes[1];
        if (p.width !== p.height || !crop) return [{ label: 'car', score: 0.53, box: norm(NEIGHBOUR) }];
        return [{ label: 'car', score: 0.9, box: cropOnSquare(p.width, crop) }];
      },
    };
    const look = await new LocalVision(brightCutOut, squareSeeing).lookClosely(photo, { appearance: false });
    expect(sizes.length).toBe(2);
    expect(look.sighting).toMatchObject({ ok: false, reason: 'car_outside_frame' });
  });

  it('is the neighbour when the bright thing is small and clear of the frame (not a close car)', async () => {
    // Clear of every edge and small: not a car cut by the frame.
    const photo = drawnPhoto({ left: 120, top: 60, right: 250, bottom: 150 });
    const look = await new LocalVision(brightCutOut, detector).lookClosely(photo, { appearance: false });
    expect(look.sighting.ok).toBe(true);
  });

  it('is the main car when the detector sees it on a second look at the subject alone', async () => {
    // Whole in the frame (the truth bench's head-on Kadjar beside a blue car): missed in the whole photo, seen on the
    // crop round the cut-out's subject. A stand-in that sees the bright car only when it is given less than the photo.
    const close = { left: 110, top: 40, right: 340, bottom: 230 };
    const photo = drawnPhoto(close);
    const seesOnCrop: VehicleDetector = {
      warmUp: async () => undefined,
      detectVehicles: async (p: DecodedPhoto): Promise<Detection[]> => {
        if (p.width === W) return [{ label: 'car', score: 0.53, box: norm(NEIGHBOUR) }];
        let [l, tp, r, b] = [p.width, p.height, 0, 0];
        for (let y = 0; y < p.height; y++)
          for (let x = 0; x < p.width; x++)
            if (p.rgb[3 * (y * p.width + x)]! > 200) (l = Math.min(l, x)), (tp = Math.min(tp, y)), (r = Math.max(r, x + 1)), (b = Math.max(b, y + 1));
        return [{ label: 'car', score: 0.7, box: { left: l / p.width, top: tp / p.height, right: r / p.width, bottom: b / p.height } }];
      },
    };
    const look = await new LocalVision(brightCutOut, seesOnCrop).lookClosely(photo, { appearance: false });
    expect(look.sighting.ok).toBe(true);
    if (!look.sighting.ok) return;
    expect(look.sighting.main.left).toBeCloseTo(close.left / W, 2);
    expect(look.sighting.main.right).toBeCloseTo(close.right / W, 2);
    expect(look.sighting.others).toEqual([norm(NEIGHBOUR)]);
    // The cut-out is the bright car's, not the neighbour's corner.
    const kept = look.mask!.alpha.reduce((n, v, i) => n + (v >= 128 && i % W >= close.left && i % W < close.right ? 1 : 0), 0);
    expect(kept).toBeGreaterThan(0.9 * (close.right - close.left) * (close.bottom - close.top));
  });

  it('measures the share of the subject outside the main car with the split margin', async () => {
    const mask = await brightCutOut(drawnPhoto({ left: 90, top: 0, right: 400, bottom: 190 }));
    const { area, outside } = subjectAgainstMain(mask, norm(NEIGHBOUR));
    expect(area).toBeCloseTo((310 * 190) / (W * H), 2);
    expect(outside).toBeGreaterThan(UNSEEN_SUBJECT_OUTSIDE);
    // The same subject measured against a box round itself lies inside it.
    expect(subjectAgainstMain(mask, norm({ left: 90, top: 0, right: 400, bottom: 190 })).outside).toBe(0);
  });
});
