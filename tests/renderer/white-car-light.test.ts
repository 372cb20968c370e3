/**
 * A white car stays white in a warm scene light (issue 38 item 4): the light's colour adds at most MAX_LIGHT_CAST levels
 * a channel and a lift rolls off before 255 (a white Audi's bonnet read 255/230/223 in Coast, red clipped: pink), while
 * the light still warms the car and coloured paint keeps its hue. The light's colour is its warmth, scaled, not
 * clipped channel by channel (which made an orange sunset's light pink). Drawn cars, no scene library: cheap.
 */
import { describe, expect, it } from 'vitest';
import { composeCar, MAX_LIGHT_CAST, type BackdropLight } from '../../functions/src/renderer/local/compositor';
import { LOW_SUN_TINT, warmthGains } from '../../functions/src/renderer/scenes/scene-backdrop';
import { drawnCar, scene, W } from './drawn-lit-car';

/** The car's paint (tyres left out): mean RGB, the share of pixels with a channel at 255, and the mean hue. */
async function paintOf(paint: [number, number, number], light: BackdropLight) {
  const { photo, mask } = drawnCar(paint);
  const { rgb, carAlpha } = await composeCar(photo, mask, scene(light), { mirror: false });
  let sr = 0, sg = 0, sb = 0;
  let n = 0, clipped = 0, hx = 0, hy = 0;
  for (let i = 0; i < carAlpha.length; i++) {
    if (carAlpha[i] !== 255) continue;
    const [r, g, b] = [rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!];
    if (Math.max(r, g, b) < 60) continue;
    (sr += r), (sg += g), (sb += b), n++;
    if (Math.max(r, g, b) >= 255) clipped++;
    hx += r - (g + b) / 2;
    hy += (Math.sqrt(3) / 2) * (g - b);
  }
  const mean: [number, number, number] = [sr / n, sg / n, sb / n];
  return { mean, clipped: clipped / n, chroma: Math.max(...mean) - Math.min(...mean), warmth: mean[0] - mean[2], hue: (Math.atan2(hy, hx) * 180) / Math.PI };
}

const neutral: BackdropLight = { relativeYaw: 87, elevation: 3.3, dominance: 0.02, tint: [1, 1, 1], exposure: 1.05 };
// Coast's low sun as the scene's light used to come (its colour clipped channel by channel: green pressed down with blue),
// full on the car's right end.
const pink: BackdropLight = { ...neutral, tint: [1.04, 0.98, 0.98], glow: [1.039, 0.975, 0.961] };

describe('a white car in a warm scene light', () => {
  it('stays white: no channel clipped, the light adding at most MAX_LIGHT_CAST a channel, and still warmer than in a neutral light', async () => {
    const white: [number, number, number] = [242, 240, 238];
    const plain = await paintOf(white, neutral);
    const warm = await paintOf(white, pink);
    const report = JSON.stringify({ plain, warm });
    // Before: 4% of the paint had its red at 255, and the paint read 226/206/203 (chroma 23, pink), against 213/212/211.
    expect(warm.clipped, report).toBe(0);
    expect(warm.chroma, report).toBeLessThanOrEqual(plain.chroma + 2 * MAX_LIGHT_CAST);
    expect(warm.warmth - plain.warmth, report).toBeGreaterThan(4);
  });

  it('coloured paint keeps its hue in that light', async () => {
    for (const paint of [[180, 40, 45], [40, 70, 170]] as Array<[number, number, number]>) {
      const plain = await paintOf(paint, neutral);
      const warm = await paintOf(paint, pink);
      expect(Math.abs(warm.hue - plain.hue), JSON.stringify({ paint, plain, warm })).toBeLessThan(4);
    }
  });

  it('takes the light\'s warmth only: an orange or a magenta key light gives green between red and blue', () => {
    // Coast's sunset key light (venice_sunset) and Mountain's dawn (kiara_1_dawn), as measured on their panoramas.
    for (const key of [[1.36, 0.92, 0.72], [1.43, 0.76, 0.81]]) {
      const [r, g, b] = warmthGains(key, 0.5, LOW_SUN_TINT);
      expect(r - 1).toBeCloseTo(LOW_SUN_TINT, 6);
      expect(g - b, JSON.stringify({ key, r, g, b })).toBeCloseTo(r - g, 6);
    }
  });
});
