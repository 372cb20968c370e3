/**
 * Only the main car, all of it, on a real photo where the saliency cut-out takes another car with it: the Lexus seen
 * from behind in traffic, a white car ahead of it showing over its roof (the "car glued to the roof" of a studio
 * image). The car check's cut-out (the product's default cut-out and detector) leaves that car out and keeps the
 * Lexus whole: its roof, both door mirrors, its full width.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { cutout } from '../../functions/src/renderer/local/local-renderer';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { NormBox } from '../../functions/src/vision/port';
import { decoded, fixture } from '../vision/real-photo-vision';

const vision = new LocalVision((photo) => cutout.cutOut(photo));
let raw: CleanMask;
let mask: CleanMask;
let main: NormBox;
let others: NormBox[];

beforeAll(async () => {
  await vision.warmUp();
  const photo = await decoded(fixture('lexus-es-champagne-rear-street.jpg'));
  raw = await cutout.cutOut(photo);
  const look = await vision.lookClosely(photo, { mask: raw });
  if (!look.sighting.ok || !look.mask) throw new Error('the Lexus was refused');
  ({ main, others } = look.sighting);
  mask = look.mask;
}, 120_000);

const solid = (m: CleanMask, x: number, y: number) => m.alpha[y * m.width + x]! >= 128;

describe('the main car alone, on a photo with a car over its roof', () => {
  it('leaves out the car seen over the roof: nothing of the cut-out above the Lexus where that car stands', () => {
    const { width: w, height: h } = mask;
    const top = Math.floor(main.top * h);
    // The car over the roof: a detected car whose box reaches above the Lexus' and sits within its width.
    const over = others.filter((o) => o.top < main.top && o.left > main.left && o.right < main.right);
    let taken = 0;
    for (const o of over) {
      let rawAbove = 0;
      let keptAbove = 0;
      for (let y = Math.floor(o.top * h); y < top; y++)
        for (let x = Math.floor(o.left * w); x < Math.ceil(o.right * w); x++) {
          if (solid(raw, x, y)) rawAbove++;
          if (solid(mask, x, y)) keptAbove++;
        }
      if (rawAbove > 100) taken++;
      expect(keptAbove).toBe(0);
    }
    // The saliency cut-out did take one of them (what this guards against); the car check's cut-out has none of it.
    expect(taken).toBeGreaterThan(0);
  });

  it('keeps the Lexus whole: its roof line, both door mirrors and its width', () => {
    const { width: w, height: h, box } = mask;
    const boxWidth = (main.right - main.left) * w;
    const boxHeight = (main.bottom - main.top) * h;
    // The full width the detector saw (the mirrors are its widest part on a rear view).
    expect(box.right - box.left).toBeGreaterThan(0.97 * boxWidth);
    // The roof: in the middle of the car, solid within the top sixth of the box.
    const centre = Math.round(((main.left + main.right) / 2) * w);
    let roof = -1;
    for (let y = Math.floor(main.top * h); y < h && roof < 0; y++) if (solid(mask, centre, y)) roof = y;
    expect(roof).toBeGreaterThan(0);
    expect(roof - main.top * h).toBeLessThan(boxHeight / 6);
    // Both mirrors: at mirror height the cut-out reaches as far out on each side as the saliency cut-out did.
    const reach = (m: CleanMask) => {
      let left = w;
      let right = 0;
      for (let y = Math.floor(main.top * h + boxHeight * 0.2); y < main.top * h + boxHeight * 0.45; y++)
        for (let x = 0; x < w; x++)
          if (solid(m, x, y)) {
            left = Math.min(left, x);
            right = Math.max(right, x);
          }
      return { left, right };
    };
    expect(reach(mask)).toEqual(reach(raw));
  });
});
