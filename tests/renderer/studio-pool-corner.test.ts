/**
 * The studio's pool under a corner seen mostly from the front (issue 38 item 2): the front's two tyres stand on about one
 * row and the side climbs steeply to the far rear tyre. The pool lies over the car's footprint; it must not run on down
 * the frame under the front overhang along the side's slope (a dark wedge from the front bumper to the frame's edge,
 * seen on a web photo of an Acura RL). The ground line below is that photo's (compositor.ts, poolShadow).
 */
import { describe, expect, it } from 'vitest';
import { poolShadow } from '../../functions/src/renderer/local/compositor';

/** The Acura RL's ground line (column, row) in its 772 x 410 crop: front bumper, front tyres, side, rear tyre. */
const CORNERS: [number, number][] = [[6, 286], [24, 339], [60, 365], [91, 375], [188, 402], [207, 405], [411, 409], [436, 406], [455, 398], [723, 254]];
const [CW, CH, LEFT, TOP, W, H] = [772, 410, 380, 300, 1536, 1024];

function groundLine(): Float32Array {
  const ground = new Float32Array(CW).fill(-1);
  for (let i = 0; i + 1 < CORNERS.length; i++) {
    const [[x0, y0], [x1, y1]] = [CORNERS[i]!, CORNERS[i + 1]!];
    for (let x = x0; x <= x1; x++) ground[x] = y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
  }
  return ground;
}

describe('the studio pool under a corner seen mostly from one end', () => {
  it('lies under the car, and nothing of it reaches a quarter of the car\'s height in front of the front tyres', () => {
    const { soft } = poolShadow(groundLine(), CW, CH, LEFT, TOP, W, H, { reach: 0.2, lean: 0, strength: 0.42 }, 0.35);
    const at = (x: number, y: number) => soft[(TOP + y) * W + LEFT + x]!;
    // Under the front, between the front tyres, the ground is in the pool.
    expect(at(300, 400)).toBeGreaterThan(100);
    // In front of the front face (toward the camera), a quarter of the car's height and more below the tyres' row: bare.
    let darkest = 0;
    for (let x = 6; x <= 400; x += 4) for (let y = 409 + Math.round(0.25 * CH); y < H - TOP; y += 4) darkest = Math.max(darkest, at(x, y));
    expect(darkest).toBeLessThan(8);
  });
});
