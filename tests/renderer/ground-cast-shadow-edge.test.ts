/**
 * A cast shadow's edge is smooth (issue 38, item 2): the shadow is traced at a quarter size and was enlarged before it
 * was blurred (sharp runs a resize before a blur in one pipeline), so its far edge came out as a staircase of
 * quarter-size pixels (the Ford S-Max in Urban). Measured on a drawn car whose roof slopes, so the far edge is slanted.
 */
import { describe, expect, it } from 'vitest';
import { castShadow, type BackdropLight } from '../../functions/src/renderer/local/compositor';

describe('a cast shadow', () => {
  it('has a soft far edge without steps', async () => {
    const W = 1200, H = 800, cw = 400, ch = 200, left = 600, top = 400;
    // A car whose top slopes from row 20 at its left end to row 120 at its right, standing on row 199.
    const carRgba = Buffer.alloc(cw * ch * 4);
    for (let x = 0; x < cw; x++) for (let y = Math.round(20 + 0.25 * x); y < ch; y++) carRgba[4 * (y * cw + x) + 3] = 255;
    const ground = new Float32Array(cw).fill(ch - 1);
    // A clear sun behind and to the right: the shadow falls to the left and a little away from the camera.
    const light: BackdropLight = { relativeYaw: 120, elevation: 34, dominance: 0.8, tint: [1, 1, 1], exposure: 1 };
    const { soft } = await castShadow(carRgba, ground, cw, ch, left, top, W, H, light, 0.25);
    // Per column along the shadow, the top row as dark as half the shadow's core (its far edge, nearly level: a row
    // lower every 15 or so columns) and how many rows its shade takes there to rise from a tenth to nine tenths.
    const edges: number[] = [], widths: number[] = [];
    for (let x = left - 150; x < left + 250; x++) {
      let y = top;
      while (y < top + ch && soft[y * W + x]! < 128) y++;
      let a = y, b = y;
      while (a > 0 && soft[a * W + x]! > 25) a--;
      while (b < H - 1 && soft[b * W + x]! < 230) b++;
      edges.push(y);
      widths.push(b - a);
    }
    // A step: the edge jumping by more than a row from one column to the next (2 before, 1 after), and a hard edge:
    // 6-8 rows wide before, where its blur (1.5 quarter-size pixels) says about 15 (14 after).
    let jump = 0;
    for (let i = 1; i < edges.length; i++) jump = Math.max(jump, Math.abs(edges[i]! - edges[i - 1]!));
    const report = JSON.stringify({ jump, widths: [Math.min(...widths), Math.max(...widths)], edges: [Math.min(...edges), Math.max(...edges)] });
    expect(Math.max(...edges) - Math.min(...edges), report).toBeGreaterThan(15);
    expect(jump, report).toBeLessThan(2);
    expect(Math.min(...widths), report).toBeGreaterThan(10);
  });
});
