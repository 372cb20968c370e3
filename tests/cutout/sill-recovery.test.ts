/**
 * The dark sill the model saw at half strength (functions/src/renderer/cutout/sill-recovery.ts): a black side skirt
 * over dark ground, under the kept body, is taken back solid down to its crisp lower edge; a shadow fading into the
 * ground, or a run ending at ragged texture, is not. On real photos: the Corolla's sill strip seen from the side is
 * taken back, the shade under the BMW iX3's front (ground, its edge the asphalt's speckle) is not.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanMask, solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { CutoutPhoto } from '../../functions/src/renderer/cutout/port';
import { recoverSill } from '../../functions/src/renderer/cutout/sill-recovery';
import { U2netpCutout } from '../../functions/src/renderer/cutout/u2netp-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { solidShare } from './drawn-ground-band';

const W = 400;
const H = 240;
/** Body rows 60-150 over x 60-340; tyres x 70-130 and 270-330 down to row 200; the lit ground tone 80. */
const inBody = (x: number, y: number) => x >= 60 && x < 340 && y >= 60 && y < 150;
const inTyre = (x: number, y: number) => ((x >= 70 && x < 130) || (x >= 270 && x < 330)) && y >= 100 && y < 200;

/**
 * A drawn car: the body and tyres solid in the mask; under the body between the tyres, rows 150 to `runEnd(x)`, a
 * run with tone `runTone(x, y)` the model saw at soft `runSoft(y)` (110 unless told) over columns `runFrom` to `runTo`
 * (all of the span unless told; 0 elsewhere); the ground tone 80 (with a JPEG's level of noise).
 */
function drawn(runEnd: (x: number) => number, runTone: (x: number, y: number) => number, runSoft: (y: number) => number = () => 110, runFrom = 130, runTo = 270): { mask: CleanMask; soft: Uint8Array; photo: CutoutPhoto } {
  const rgb = Buffer.alloc(W * H * 3);
  const soft = new Uint8Array(W * H);
  const alpha = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      let v = 80;
      if (inBody(x, y) || inTyre(x, y)) (v = inTyre(x, y) ? 25 : 120), (soft[i] = 255), (alpha[i] = 255);
      else if (x >= 130 && x < 270 && y >= 150 && y <= runEnd(x)) (v = runTone(x, y)), (soft[i] = x >= runFrom && x < runTo ? runSoft(y) : 0);
      v += ((x * 7 + y * 13) % 3) - 1;
      rgb.set([v, v, v], 3 * i);
    }
  const { box, area } = solidExtent(alpha, W, H);
  return { mask: { alpha, width: W, height: H, box, areaFraction: area / (W * H), removedFraction: 0 }, soft, photo: { rgb, width: W, height: H } };
}

describe('cut-out: a dark sill the model saw at half strength', () => {
  it('takes back a black sill under the body down to its crisp lower edge, not the ground under it', () => {
    const { mask, soft, photo } = drawn(() => 170, () => 15);
    const after = recoverSill(mask, soft, photo);
    expect(solidShare(mask, 140, 152, 260, 168)).toBe(0);
    expect(solidShare(after, 140, 152, 260, 168)).toBe(1);
    expect(solidShare(after, 140, 174, 260, 200)).toBe(0);
    // The tyres' contacts (the car's lowest row) stay where they were.
    expect(after.box.bottom).toBe(mask.box.bottom);
  });

  it('reads a long stretch more loosely (soft dipping to 44 under a strip, mean under 90), a short one not', () => {
    // Soft 44 for 3 rows under the body (a chrome strip), then 85: mean about 80.
    const weak = (y: number) => (y < 153 ? 44 : 85);
    const long = drawn(() => 170, () => 15, weak);
    expect(solidShare(recoverSill(long.mask, long.soft, long.photo), 140, 152, 260, 168)).toBe(1);
    // 16 columns: 5.7% of the car's width, under the 8% a loose stretch needs (and over the 3% of a sure one).
    const short = drawn(() => 170, () => 15, weak, 150, 166);
    expect(recoverSill(short.mask, short.soft, short.photo)).toBe(short.mask);
    // The same short stretch seen surely (soft 110) and as a strip (4 rows under 16 columns) is taken back.
    const sure = drawn(() => 153, () => 15, () => 110, 150, 166);
    expect(solidShare(recoverSill(sure.mask, sure.soft, sure.photo), 150, 150, 166, 154)).toBe(1);
  });

  it('leaves a stretch as tall as it is wide out (a patch of shade, not a strip: under 3 times as wide as tall)', () => {
    // 16 columns over 20 rows: sure (soft 110), smooth, with a crisp edge, but a patch.
    const patch = drawn(() => 170, () => 15, () => 110, 150, 166);
    expect(recoverSill(patch.mask, patch.soft, patch.photo)).toBe(patch.mask);
  });

  it("leaves a stretch ending near the line through the tyres' feet out, though the car's box reaches lower", () => {
    // The body solid down to row 175 between the tyres, a tow bar's post down to row 229 in the middle (so the box's
    // bottom, which the run's other limit reads, lies far under the tyres' feet at row 199); the run under the body
    // from row 176 to `end`.
    const lowered = (end: number) => {
      const car = drawn(() => end, () => 15);
      const { alpha } = car.mask;
      const { soft } = car;
      for (let y = 150; y < 176; y++) for (let x = 130; x < 270; x++) (alpha[y * W + x] = 255), (soft[y * W + x] = 255);
      for (let y = 150; y < 230; y++) for (let x = 196; x < 204; x++) (alpha[y * W + x] = 255), (soft[y * W + x] = 255);
      const { box, area } = solidExtent(alpha, W, H);
      return { ...car, mask: { ...car.mask, box, areaFraction: area / (W * H) } };
    };
    // Ending 14 rows above the feet (8% of the car's height): a sill, taken back.
    const sill = lowered(185);
    expect(solidShare(recoverSill(sill.mask, sill.soft, sill.photo), 140, 177, 190, 185)).toBe(1);
    // Ending 4 rows above them (2%): the shade down to the ground, left out.
    const shade = lowered(195);
    expect(recoverSill(shade.mask, shade.soft, shade.photo)).toBe(shade.mask);
  });

  it('leaves a shadow that fades into the ground (no crisp edge) out', () => {
    // Tone from 20 under the body to the ground's 80 over the run's 20 rows: 3 levels a row, no step of 30 in 4 rows.
    const { mask, soft, photo } = drawn(() => 170, (_x, y) => 20 + (y - 150) * 3);
    expect(recoverSill(mask, soft, photo)).toBe(mask);
  });

  it('leaves a run whose edge is ragged from column to column out (speckled ground, not a sill)', () => {
    // The run ends 6 rows lower every other column: no smooth line along the stretch.
    const { mask, soft, photo } = drawn((x) => (x % 2 ? 164 : 170), () => 15);
    expect(recoverSill(mask, soft, photo)).toBe(mask);
  });

  it('leaves a run reaching down to the tyres\' contacts out (ground between the tyres)', () => {
    const { mask, soft, photo } = drawn(() => 198, () => 15);
    expect(recoverSill(mask, soft, photo)).toBe(mask);
  });

  const SHARED = resolve(import.meta.dirname, '../../../shared/fixtures');
  const added = async (path: string) => {
    expect(existsSync(path), `${path} is needed (it is beside the repository here and on CI)`).toBe(true);
    const photo = await decodePhoto(readFileSync(path));
    const soft = await new U2netpCutout().softMask(photo);
    const clean = cleanMask(soft, photo.width, photo.height);
    const after = recoverSill(clean, soft, photo);
    let n = 0;
    for (let i = 0; i < soft.length; i++) if (after.alpha[i]! >= 128 && clean.alpha[i]! < 128) n++;
    return { n, clean, after };
  };

  it('takes back the Corolla\'s sill strip seen from the side, under the doors', async () => {
    const { n, clean, after } = await added(resolve(SHARED, 'angles/toyota-corolla/corolla_silverCar_left_side.png'));
    // By eye: the sill's dark lower strip, x 620-770, rows 326-333 of 468 (light floor below it).
    expect(n).toBeGreaterThan(800);
    expect(solidShare(after, 630, 327, 760, 331)).toBeGreaterThan(solidShare(clean, 630, 327, 760, 331) + 0.3);
    expect(solidShare(after, 630, 338, 760, 345)).toBe(0);
  }, 60_000);

  it('adds nothing to the BMW iX3 seen head-on (the shade under its front is ground)', async () => {
    expect((await added(resolve(SHARED, 'cars/bmw-ix3-black-front-street.jpg'))).n).toBe(0);
  }, 60_000);
});
