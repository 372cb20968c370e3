/**
 * The car check on real cut-outs (the committed photos, the product's default cut-out and detector): every good
 * cut-out passes, and the same cut-outs broken on purpose are caught: part of another car pasted on the roof, a strip
 * cut off square, the wheels cut off, a door mirror erased on a rear view. The check must catch at least 90% of the broken ones and flag
 * none of the good ones (issue: at most 5%).
 */
import { readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkCar, CHECK_LIMITS, measureCar } from '../../functions/src/renderer/checks/car-checks';
import { cutout } from '../../functions/src/renderer/local/local-renderer';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { NormBox } from '../../functions/src/vision/port';
import type { Angle } from '@shared/angles';
import { CARS_DIR, car } from './bad-photos';
import { decoded, fixture } from '../vision/real-photo-vision';

interface Cut {
  name: string;
  mask: CleanMask;
  main: NormBox;
  angle: Angle;
}

const vision = new LocalVision((photo) => cutout.cutOut(photo));
const PHOTOS = [
  ...readdirSync(CARS_DIR).filter((f) => f.endsWith('.jpg')).map((name) => ({ name, bytes: () => car(name) })),
  ...['acura-tl-blue-side-lot.jpg', 'hyundai-genesis-black-side-hillside.jpg', 'lexus-es-champagne-rear-street.jpg', 'toyota-camry-white-rear-street.jpg'].map((name) => ({ name, bytes: () => fixture(name) })),
];
const cuts: Cut[] = [];

beforeAll(async () => {
  await vision.warmUp();
  for (const { name, bytes } of PHOTOS) {
    const look = await vision.lookClosely(await decoded(bytes()));
    if (!look.sighting.ok || !look.mask) throw new Error(`${name}: the car check refused a good photo`);
    cuts.push({ name, mask: look.mask, main: look.sighting.main, angle: look.sighting.angle! });
  }
}, 120_000);

/** A copy of the mask with `paint` applied, its box grown to what was painted. */
function broken(mask: CleanMask, paint: (alpha: Uint8Array) => void): CleanMask {
  const alpha = Uint8Array.from(mask.alpha);
  paint(alpha);
  return { ...mask, alpha, box: solidExtent(alpha, mask.width, mask.height).box };
}

/** Another car's cut-out, scaled to half the car's width, pasted so it sits on the roof (as a car parked behind does). */
function carOnRoof(target: Cut, other: Cut): CleanMask {
  const { box: t, width: w } = target.mask;
  const { box: o, width: ow } = other.mask;
  const scale = ((t.right - t.left) * 0.5) / (o.right - o.left);
  const ph = Math.round((o.bottom - o.top) * scale);
  const left = Math.round(t.left + (t.right - t.left) * 0.3);
  const top = Math.max(0, t.top - Math.round(ph * 0.6));
  return broken(target.mask, (alpha) => {
    for (let y = 0; y < ph && top + y < target.mask.height; y++)
      for (let x = 0; x < Math.round((o.right - o.left) * scale) && left + x < w; x++) {
        const v = other.mask.alpha[(o.top + Math.floor(y / scale)) * ow + o.left + Math.floor(x / scale)]!;
        const i = (top + y) * w + left + x;
        alpha[i] = Math.max(alpha[i]!, v);
      }
  });
}

/** The right 15% of the car cut off, straight down. */
function stripCut(target: Cut): CleanMask {
  const { box, width: w } = target.mask;
  const from = Math.round(box.right - (box.right - box.left) * 0.15);
  return broken(target.mask, (alpha) => {
    for (let y = box.top; y < box.bottom; y++) for (let x = from; x < box.right; x++) alpha[y * w + x] = 0;
  });
}

/** The lowest 15% of the car's height erased: its tyres cut off under the sills or the bumper. */
function wheelsCut(target: Cut): CleanMask {
  const { box, width: w } = target.mask;
  const from = box.bottom - Math.round((box.bottom - box.top) * 0.15);
  return broken(target.mask, (alpha) => {
    for (let y = from; y < box.bottom; y++) for (let x = box.left; x < box.right; x++) alpha[y * w + x] = 0;
  });
}

/**
 * On a rear or front view: the outermost 5% of the car's width on its left, at mirror height (a quarter to 60% down),
 * erased: the door mirror cut off square, as the old roof-line clean-up did.
 */
function mirrorErased(target: Cut): { mask: CleanMask; erased: number } {
  const { box, width: w } = target.mask;
  const bh = box.bottom - box.top;
  let reach = box.right;
  for (let y = box.top + Math.floor(bh * 0.25); y < box.top + Math.floor(bh * 0.6); y++)
    for (let x = box.left; x < box.right; x++)
      if (target.mask.alpha[y * w + x]! >= 128) {
        reach = Math.min(reach, x);
        break;
      }
  const to = reach + Math.round((box.right - box.left) * 0.05);
  let erased = 0;
  const mask = broken(target.mask, (a) => {
    for (let y = box.top + Math.floor(bh * 0.25); y < box.top + Math.floor(bh * 0.6); y++)
      for (let x = reach; x < to; x++) if (a[y * w + x]! >= 128) (a[y * w + x] = 0), erased++;
  });
  return { mask, erased };
}

const verdictOf = (c: Cut, mask: CleanMask) => checkCar({ mask, main: c.main, angle: c.angle, cutByEdge: false, upscale: 1 }).verdict;

describe('the car check on real cut-outs', () => {
  it('passes every good cut-out of the committed photos (each measure under its limit)', () => {
    expect(cuts).toHaveLength(PHOTOS.length);
    for (const c of cuts) {
      const m = measureCar(c.mask, c.main, c.angle);
      for (const key of Object.keys(m) as (keyof typeof m)[]) expect(m[key], `${c.name}: ${key}`).toBeLessThanOrEqual(CHECK_LIMITS[key]);
      expect(verdictOf(c, c.mask), c.name).toBe('ok');
    }
  });

  it('catches at least 90% of the same cut-outs broken on purpose (another car on the roof, a strip cut off, the wheels cut off, a mirror erased)', () => {
    const results: { name: string; caught: boolean }[] = [];
    for (const [i, c] of cuts.entries()) {
      results.push({ name: `${c.name}: another car on the roof`, caught: verdictOf(c, carOnRoof(c, cuts[(i + 1) % cuts.length]!)) !== 'ok' });
      results.push({ name: `${c.name}: a strip cut off`, caught: verdictOf(c, stripCut(c)) !== 'ok' });
      results.push({ name: `${c.name}: the wheels cut off`, caught: verdictOf(c, wheelsCut(c)) !== 'ok' });
      if (c.angle === 'rear' || c.angle === 'front') {
        const { mask, erased } = mirrorErased(c);
        expect(erased, `${c.name}: pixels erased at mirror height`).toBeGreaterThan(0);
        results.push({ name: `${c.name}: a mirror erased`, caught: verdictOf(c, mask) !== 'ok' });
      }
    }
    const caught = results.filter((r) => r.caught).length;
    expect(results.filter((r) => r.name.includes('mirror')).length, 'both rear views have a mirror to erase').toBe(2);
    const wheels = results.filter((r) => r.name.endsWith('the wheels cut off'));
    expect(wheels.filter((r) => !r.caught).map((r) => r.name), 'every car with its wheels cut off is caught').toEqual([]);
    expect(caught / results.length, results.filter((r) => !r.caught).map((r) => r.name).join('; ')).toBeGreaterThanOrEqual(0.9);
  });
});
