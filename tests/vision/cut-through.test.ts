/**
 * The local look tells the form's photo check when the photo's edge cuts through the car (`cutThrough`, read from the
 * cut-out as the studio image's card reads it: car-checks.ts `cutThroughByFrame`), so a car cut off below its bumper
 * is called a retake before the charge, not only after the render. Drawn photo, stand-in detector and cut-out.
 */
import { describe, expect, it } from 'vitest';
import { cleanMask, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision, type VehicleDetector } from '../../functions/src/vision/local/local-vision';
import type { Detection } from '../../functions/src/vision/port';

const W = 400;
const H = 300;

/** A grey photo with a silver body from row `top` to row `bottom` (exclusive), 60 to 340 across. */
function look(top: number, bottom: number) {
  const rgb = Buffer.alloc(W * H * 3, 110);
  for (let y = top; y < bottom; y++) rgb.fill(200, (y * W + 60) * 3, (y * W + 340) * 3);
  const photo: DecodedPhoto = { type: 'jpeg', originalWidth: W, originalHeight: H, rgb, width: W, height: H };
  const detector: VehicleDetector = {
    warmUp: async () => undefined,
    detectVehicles: async (): Promise<Detection[]> => [{ label: 'car', score: 0.8, box: { left: 60 / W, top: top / H, right: 340 / W, bottom: bottom / H } }],
  };
  const cutOut = async (p: DecodedPhoto): Promise<CleanMask> => {
    const soft = new Uint8Array(p.width * p.height);
    for (let i = 0; i < soft.length; i++) soft[i] = p.rgb[3 * i]! > 150 ? 255 : 0;
    return cleanMask(soft, p.width, p.height);
  };
  return new LocalVision(cutOut, detector).look(photo, { appearance: false });
}

describe('the local look: the photo edge cutting through the car', () => {
  it('a body running out of the bottom edge across its width is cut through', async () => {
    const sighting = await look(120, H);
    expect(sighting).toMatchObject({ ok: true, cutByEdge: true, cutThrough: true });
  });

  it('a car clear of the edges is not', async () => {
    expect(await look(100, 240)).toMatchObject({ ok: true, cutThrough: false });
  });
});
