/**
 * A steep corner view's far tyre stands on the ground (issue 38 item 2): seen from high up, its contact lies more than
 * 30% of the car's height above the near tyre's, where groundLine leaves out a door mirror held out beside the body.
 * It took the far tyre and the sills leading to it for one: no ground under them, no contact shade, the tyre floating
 * (a dealer's BMW X3 front corner in Urban). A mirror of a front view stays off the ground.
 */
import { describe, expect, it } from 'vitest';
import { stance } from '../../functions/src/renderer/local/compositor';

const W = 400, H = 200;

/** A car drawn in its own pixels: grey body down to `under(x)`, dark discs (tyres) over it. */
function drawCar(under: (x: number) => number, tyres: Array<[number, number, number]>): Buffer {
  const rgba = Buffer.alloc(W * H * 4);
  const put = (x: number, y: number, v: number) => rgba.set([v, v, v, 255], 4 * (y * W + x));
  for (let x = 0; x < W; x++) for (let y = 0; y <= under(x); y++) put(x, y, 160);
  for (const [cx, cy, r] of tyres)
    for (let y = cy - r; y <= cy + r; y++) for (let x = cx - r; x <= cx + r; x++) if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) put(x, y, 30);
  return rgba;
}

describe('a steep corner view', () => {
  it('the far tyre, 39% of the car higher than the near one, rests on the ground line and has a contact', () => {
    // Front bumper, near tyre, the sill climbing toward the far tyre, the rear of the car above it.
    const under = (x: number) => (x < 60 ? 150 : x < 120 ? 150 : x <= 300 ? Math.round(185 - ((x - 120) * 75) / 180) : 90);
    const rgba = drawCar(under, [[90, 170, 29], [320, 100, 22]]);
    const { ground, tyres } = stance(rgba, W, H);
    const far = tyres.find((t) => Math.abs(t.x - 320) <= 4);
    expect(far, JSON.stringify(tyres)).toBeDefined();
    expect(Math.abs(far!.y - 122)).toBeLessThanOrEqual(2);
    expect(Math.abs(ground[320]! - 122)).toBeLessThanOrEqual(2);
    // The sills between the tyres have ground under them.
    expect(ground[250]!).toBeGreaterThan(0);
  });

  it('a front view: a black door mirror held out at each end stays off the ground', () => {
    const under = (x: number) => (x < 40 || x >= 360 ? 80 - Math.round(Math.abs((x < 40 ? 20 : 380) - x) / 2) : 150);
    const rgba = drawCar(under, [[80, 170, 29], [320, 170, 29]]);
    // The mirrors black too, round-bottomed.
    for (let x = 0; x < W; x++) if (x < 40 || x >= 360) for (let y = 60; y <= under(x); y++) rgba.set([20, 20, 20, 255], 4 * (y * W + x));
    const { ground, tyres } = stance(rgba, W, H);
    expect(ground[20]).toBe(-1);
    expect(ground[380]).toBe(-1);
    expect(tyres.every((t) => t.y > 150), JSON.stringify(tyres)).toBe(true);
  });
});
