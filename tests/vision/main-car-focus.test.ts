/**
 * A cut-out that marks another subject than the main car is made again on the main car alone
 * (functions/src/vision/local/main-car-focus.ts). Seen on a parking-lot photo: a white work truck (the detector's main
 * car) beside a dark minivan; the cut-out network took the minivan as the photo's subject and the truck's mask covered
 * 2% of its box, so the studio image showed a corner of the minivan. Here a drawn photo and a stand-in network that,
 * like the real one, marks the dark car whenever it is a large part of what it is shown.
 */
import { describe, expect, it } from 'vitest';
import { cleanMask, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision, type VehicleDetector } from '../../functions/src/vision/local/local-vision';
import { cutOutFocused, mainBoxCover, MIN_MAIN_COVER } from '../../functions/src/vision/local/main-car-focus';
import type { Detection, NormBox } from '../../functions/src/vision/port';

const W = 480;
const H = 300;
// The dark minivan at the left, the white truck (larger, the main car) beside it, on grey tarmac.
const VAN = { left: 0, top: 40, right: 150, bottom: 140 };
const TRUCK = { left: 170, top: 20, right: 470, bottom: 200 };

function drawnPhoto(): DecodedPhoto {
  const rgb = Buffer.alloc(W * H * 3, 128);
  const fill = (r: typeof VAN, v: number) => {
    for (let y = r.top; y < r.bottom; y++) rgb.fill(v, (y * W + r.left) * 3, (y * W + r.right) * 3);
  };
  fill(VAN, 30);
  fill(TRUCK, 230);
  return { type: 'jpeg', originalWidth: W, originalHeight: H, rgb, width: W, height: H };
}

const norm = (r: typeof VAN): NormBox => ({ left: r.left / W, top: r.top / H, right: r.right / W, bottom: r.bottom / H });

/** The stand-in network: the dark pixels when they are a tenth of the picture or more, the bright ones otherwise. */
function salientCutOut(calls: number[]) {
  return async (p: DecodedPhoto): Promise<CleanMask> => {
    calls.push(p.width);
    const n = p.width * p.height;
    let dark = 0;
    for (let i = 0; i < n; i++) if (p.rgb[3 * i]! < 80) dark++;
    const soft = new Uint8Array(n);
    for (let i = 0; i < n; i++) soft[i] = (dark >= 0.1 * n ? p.rgb[3 * i]! < 80 : p.rgb[3 * i]! > 180) ? 255 : 0;
    return cleanMask(soft, p.width, p.height);
  };
}

const detector: VehicleDetector = {
  warmUp: async () => undefined,
  detectVehicles: async (): Promise<Detection[]> => [
    { label: 'truck', score: 0.56, box: norm(TRUCK) },
    { label: 'car', score: 0.63, box: norm(VAN) },
  ],
};

describe('a cut-out that missed the main car', () => {
  it('is made again on the main car alone, and the studio image gets the main car', async () => {
    const photo = drawnPhoto();
    const calls: number[] = [];
    const look = await new LocalVision(salientCutOut(calls), detector).lookClosely(photo, { appearance: false });
    expect(look.sighting.ok).toBe(true);
    if (!look.sighting.ok) return;
    expect(look.sighting.main).toEqual(norm(TRUCK));
    // Twice: the whole photo (the van), then the crop round the truck.
    expect(calls).toHaveLength(2);
    expect(calls[1]).toBeLessThan(W);
    expect(mainBoxCover(look.mask!, norm(TRUCK))).toBeGreaterThan(0.95);
    // Nothing of the van.
    expect(mainBoxCover(look.mask!, norm(VAN))).toBeLessThan(0.01);
  });

  it('is not made again when the first cut-out covers the main car', async () => {
    const photo = drawnPhoto();
    // The van lighter: the network marks the truck first.
    for (let y = VAN.top; y < VAN.bottom; y++) photo.rgb.fill(150, (y * W + VAN.left) * 3, (y * W + VAN.right) * 3);
    const calls: number[] = [];
    const look = await new LocalVision(salientCutOut(calls), detector).lookClosely(photo, { appearance: false });
    expect(calls).toEqual([W]);
    expect(mainBoxCover(look.mask!, norm(TRUCK))).toBeGreaterThanOrEqual(MIN_MAIN_COVER);
  });

  it('refuses the photo when even on the main car alone the cut-out finds little of it (a plate taken for the car)', async () => {
    // A close-up of a dark tail with a white plate in it: the detector's box spans the photo, the network marks the
    // plate on the whole photo and on the crop alike (seen on a Lamborghini's plate: a plate on a slab sold as the car).
    const photo = drawnPhoto();
    const PLATE = { left: 200, top: 100, right: 290, bottom: 130 };
    for (let y = 0; y < H; y++) photo.rgb.fill(20, y * W * 3, (y + 1) * W * 3);
    for (let y = PLATE.top; y < PLATE.bottom; y++) photo.rgb.fill(235, (y * W + PLATE.left) * 3, (y * W + PLATE.right) * 3);
    const tail = { left: 40, top: 40, right: 440, bottom: 260 };
    const sees: VehicleDetector = { warmUp: async () => undefined, detectVehicles: async () => [{ label: 'car', score: 0.6, box: norm(tail) }] };
    const bright = async (p: DecodedPhoto): Promise<CleanMask> => {
      const soft = new Uint8Array(p.width * p.height);
      for (let i = 0; i < soft.length; i++) soft[i] = p.rgb[3 * i]! > 200 ? 255 : 0;
      return cleanMask(soft, p.width, p.height);
    };
    const look = await new LocalVision(bright, sees).lookClosely(photo, { appearance: false });
    expect(look.sighting).toMatchObject({ ok: false, reason: 'not_a_car' });
    // The same car's whole outline marked: kept.
    for (let y = tail.top; y < tail.bottom; y++) photo.rgb.fill(235, (y * W + tail.left) * 3, (y * W + tail.right) * 3);
    expect((await new LocalVision(bright, sees).lookClosely(photo, { appearance: false })).sighting.ok).toBe(true);
  });

  it('pastes the crop mask back where the crop was taken', async () => {
    const photo = drawnPhoto();
    const mask = await cutOutFocused(salientCutOut([]), photo, norm(TRUCK));
    expect(mask.width).toBe(W);
    expect(mask.box).toEqual(TRUCK);
    expect(mask.areaFraction).toBeCloseTo(((TRUCK.right - TRUCK.left) * (TRUCK.bottom - TRUCK.top)) / (W * H), 5);
  });
});
