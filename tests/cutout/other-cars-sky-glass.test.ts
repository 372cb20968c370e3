/**
 * The split by paint (functions/src/vision/local/other-cars.ts, `splitByPaint`) takes a large region of a colour far
 * from the main car's paint, seen against the background from above, for a car behind of another paint. An orange Ford
 * GT under a blue sky (the lead's web photo `t-ford-gt-coupe`) lost its middle: its windscreen and roof mirroring the
 * sky, a*b* 2/-24 on the whole, and its white stripes in that light read as "another paint", and the split took them
 * with the bonnet between. A region barely coloured on the whole (CIELAB chroma under 30) is glass or white in a
 * coloured light, not a car's paint: the car keeps all of itself. Drawn here: an orange car whose glasshouse mirrors a
 * blue sky; and the same car with a blue car behind it, which still goes.
 */
import { describe, expect, it } from 'vitest';
import { drawnCars } from './drawn-cars';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';

const W = 320;
const H = 200;
const ORANGE = [225, 95, 35];
const SKY_GLASS = [70, 86, 122];
const PILLAR = [30, 30, 32];
const TYRE = [20, 20, 20];
const BLUE = [35, 50, 190];
const BACKGROUND = [128, 128, 128];

/** The main car: body 20..300 x 110..175, a glasshouse 80..230 x 60..110 (glass framed by black pillars), wheels under. */
function mainCar(x: number, y: number): number[] | undefined {
  if (y >= 110 && y < 175 && x >= 20 && x < 300) return ORANGE;
  if (y >= 165 && y < 190 && ((x >= 50 && x < 95) || (x >= 225 && x < 270))) return TYRE;
  if (y >= 60 && y < 110 && x >= 80 && x < 230) return x < 86 || x >= 224 || (x >= 152 && x < 158) ? PILLAR : SKY_GLASS;
  return undefined;
}

/** A blue car behind, over the main car’s rear: 240..310 x 40..120 (hidden where the main car stands). */
function carBehind(x: number, y: number): number[] | undefined {
  return x >= 240 && x < 310 && y >= 40 && y < 120 ? BLUE : undefined;
}

const scene = (withCarBehind: boolean) => drawnCars(W, H, mainCar, withCarBehind ? carBehind : () => undefined, BACKGROUND);

function kept(withCarBehind: boolean) {
  const { photo, mask, truth } = scene(withCarBehind);
  const out = removeOtherCars(mask, { left: 20 / W, top: 60 / H, right: 300 / W, bottom: 190 / H }, [], { photo });
  let car = 0;
  let carKept = 0;
  let behind = 0;
  let behindKept = 0;
  for (let i = 0; i < W * H; i++) {
    const on = out.alpha[i]! >= 128;
    if (truth[i]) (car++, on && carKept++);
    else if (mask.alpha[i]) (behind++, on && behindKept++);
  }
  return { car: carKept / car, behind: behind ? behindKept / behind : 0, behindArea: behind };
}

describe('a car whose glass mirrors a blue sky', () => {
  it('keeps its glasshouse (before: the split by paint took it for a car behind)', () => {
    expect(kept(false).car).toBeGreaterThan(0.99);
  });

  it('still loses a blue car behind it', () => {
    const { car, behind, behindArea } = kept(true);
    expect(behindArea).toBeGreaterThan(2000);
    expect(behind).toBeLessThan(0.1);
    expect(car).toBeGreaterThan(0.97);
  });
});
