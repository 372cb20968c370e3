/** Edge colour decontamination: the old background's colour must not fringe the car on a new backdrop. */
import { describe, expect, it } from 'vitest';
import { decontaminateEdges, SURE_ALPHA } from '../../functions/src/renderer/cutout/edge-decontamination';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { STAGE } from '../../functions/src/renderer/scenes/rendered-studio';
import type { BackgroundPlate } from '../../functions/src/renderer/local/compositor';
import { composeCar } from '../../functions/src/renderer/local/compositor';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';

const GRASS = [40, 200, 40];
const greenness = (r: number, g: number, b: number) => g - (r + b) / 2;

/**
 * A photo of a grey "car" (a rounded box, left half darker than the right) on green grass, with a soft mask whose
 * rim is 6 px wide, where the photo's pixels are the car's colour mixed with the grass as alpha says (a real
 * camera's edge), so an unrefined cut-out carries a green fringe.
 */
function carOnGrass(w = 240, h = 160) {
  const rgb = Buffer.alloc(w * h * 3);
  const alpha = new Uint8Array(w * h);
  const box = { left: 40, top: 30, right: 200, bottom: 130 };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      // Signed distance inside the box (px); the rim spans 0..6 px inside.
      const d = Math.min(x - box.left, box.right - 1 - x, y - box.top, box.bottom - 1 - y);
      const a = d < 0 ? 0 : Math.min(1, (d + 1) / 7);
      const body = x < 120 ? [90, 95, 100] : [170, 172, 176];
      for (let c = 0; c < 3; c++) rgb[3 * i + c] = Math.round(body[c]! * a + GRASS[c]! * (1 - a));
      alpha[i] = Math.round(a * 255);
    }
  return { rgb, alpha, w, h, box };
}

describe('edge decontamination', () => {
  it('takes the grass out of the rim, keeps its alpha and its side of the paint, and leaves body and background alone', () => {
    const { rgb, alpha, w, h } = carOnGrass();
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) rgba.set([rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!, alpha[i]!], 4 * i);
    const before = Uint8Array.from(rgba);
    const recoloured = decontaminateEdges(rgba, w, h);
    let rim = 0;
    for (let i = 0; i < w * h; i++) {
      const a = before[4 * i + 3]!;
      expect(rgba[4 * i + 3]).toBe(a);
      if (a === 0 || a >= SURE_ALPHA) {
        expect([rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]]).toEqual([before[4 * i], before[4 * i + 1], before[4 * i + 2]]);
        continue;
      }
      rim++;
      const x = i % w;
      // No grass left in the rim (the paint's own greenness is -7.5 on the left, -4.5 on the right), and each
      // side's rim keeps its own side's paint (dark left, light right).
      expect(greenness(rgba[4 * i]!, rgba[4 * i + 1]!, rgba[4 * i + 2]!)).toBeLessThan(4);
      if (x < 110) expect(rgba[4 * i]).toBeLessThan(120);
      if (x > 130) expect(rgba[4 * i]).toBeGreaterThan(150);
    }
    expect(rim).toBeGreaterThan(1000);
    expect(recoloured).toBe(rim);
  });

  it('does not overshoot where the mask is softer than the car: no cyan line on a grey car before a red wall', () => {
    const w = 60, h = 40;
    const rgba = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        // Red wall left of x = 20; grey car from x = 20, whose first 6 columns the mask calls half car.
        const i = y * w + x;
        rgba.set(x < 20 ? [200, 40, 40, 0] : [100, 100, 100, x < 26 ? 128 : 255], 4 * i);
      }
    decontaminateEdges(rgba, w, h);
    // Unmixed without a bound, (100 - 0.5 * 200) / 0.5 gives red 0 and green 160: a cyan line.
    for (let y = 0; y < h; y++)
      for (let x = 20; x < 26; x++) for (let c = 0; c < 3; c++) expect(Math.abs(rgba[4 * (y * w + x) + c]! - 100)).toBeLessThanOrEqual(13);
  });

  it('leaves a soft region inside the car (a window the model was unsure of) as the photo has it', () => {
    const w = 60, h = 40;
    const rgba = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) rgba.set([120, 120, 130, 255], 4 * i);
    // A 10x10 "window" at alpha 150 in the middle of the body, far from any old background.
    for (let y = 15; y < 25; y++) for (let x = 25; x < 35; x++) rgba.set([30, 60, 90, 150], 4 * (y * w + x));
    const before = Uint8Array.from(rgba);
    expect(decontaminateEdges(rgba, w, h)).toBe(0);
    expect(rgba).toEqual(before);
  });

  it('composited on a new backdrop, the car shows no green fringe from the old grass', async () => {
    const { rgb, alpha, w, h, box } = carOnGrass();
    const photo: DecodedPhoto = { type: 'jpeg', originalWidth: w, originalHeight: h, rgb, width: w, height: h };
    const mask: CleanMask = { alpha, width: w, height: h, box, areaFraction: 0.4, removedFraction: 0 };
    // A plain light grey plate: any green on the rim is then the old grass's.
    const plate: BackgroundPlate = { rgb: Buffer.alloc(STAGE.width * STAGE.height * 3, 232), ...STAGE, shadowStrength: 0.75, reflection: 0.2 };
    const composed = await composeCar(photo, mask, plate, { mirror: false });
    // Rim pixels in the car's upper three quarters (below it lie the contact shadow and the floor's reflection):
    // the composite there must be no greener than the plate and the body it blends.
    let rimTop = Infinity, rimBottom = -1;
    for (let i = 0; i < composed.carAlpha.length; i++)
      if (composed.carAlpha[i]! > 0) {
        const y = Math.floor(i / composed.width);
        rimTop = Math.min(rimTop, y);
        rimBottom = Math.max(rimBottom, y);
      }
    const limit = rimTop + (rimBottom - rimTop) * 0.75;
    let checked = 0;
    let worst = -Infinity;
    for (let i = 0; i < composed.carAlpha.length; i++) {
      const a = composed.carAlpha[i]!;
      if (a < 40 || a > 215 || Math.floor(i / composed.width) > limit) continue;
      const p = plate.rgb;
      const excess = greenness(composed.rgb[3 * i]!, composed.rgb[3 * i + 1]!, composed.rgb[3 * i + 2]!) - greenness(p[3 * i]!, p[3 * i + 1]!, p[3 * i + 2]!);
      worst = Math.max(worst, excess);
      checked++;
    }
    expect(checked).toBeGreaterThan(200);
    // Without decontamination the rim carries up to ~50 levels of extra green here (measured: 54).
    expect(worst).toBeLessThan(12);
  });
});
