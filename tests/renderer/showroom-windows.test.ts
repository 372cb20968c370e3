/**
 * The showroom's windows show the outside (issue 38 item 2): a dealer's review at full size found them flat white
 * rectangles, blown out, no hint of outside and no frame depth, so the room read as a drawing. Measured on the room
 * drawn without a car, inside the right-hand window (rendered-studio.ts, showroomWall and outsideView).
 */
import { describe, expect, it } from 'vitest';
import { renderedPlace, STAGE } from '../../functions/src/renderer/scenes/rendered-studio';
import { sceneCamera } from '../../functions/src/renderer/scenes/scene-view';

const { width: W, height: H, floorY } = STAGE;
const ch = Math.round(0.4 * H);

async function room() {
  const placement = { width: W, height: H, left: 400, top: floorY - ch, cw: 736, ch, scale: 1, mirror: false, contactRow: floorY };
  const { rgb } = await renderedPlace('showroom').draw(placement);
  const camera = sceneCamera(0, floorY, ch, W);
  // The back wall 12 m behind the car; the right-hand window fills the panel 3 m right of the middle.
  const zw = camera.carDistance + 12;
  const col = (lateral: number) => Math.round(W / 2 + (camera.focalPx * lateral) / zw);
  const row = (metres: number) => Math.round(camera.horizonRow - (camera.focalPx * (metres - camera.cameraHeight)) / zw);
  return { rgb, col, row };
}

describe('the showroom windows', () => {
  it('show a view (sky above, something darker below), not a burnt-out panel, inside a dark frame', async () => {
    const { rgb, col, row } = await room();
    const at = (x: number, y: number) => [rgb[3 * (y * W + x)]!, rgb[3 * (y * W + x) + 1]!, rgb[3 * (y * W + x) + 2]!] as const;
    const luma = (x: number, y: number) => {
      const [r, g, b] = at(x, y);
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const mean = (f: (x: number, y: number) => number, x0: number, x1: number, y0: number, y1: number) => {
      let s = 0, n = 0;
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) (s += f(x, y)), n++;
      return s / n;
    };
    // Left pane of the window (panel 3 m right: 1.65 to 4.35 m, the mullion at 3 m), high up (sky) and low (outside ground).
    const [x0, x1] = [col(1.9), col(2.8)];
    const sky = mean(luma, x0, x1, row(3.9), row(3.3));
    const low = mean(luma, x0, x1, row(1.2), row(0.6));
    const skyBlue = mean((x, y) => at(x, y)[2] - at(x, y)[0], x0, x1, row(3.9), row(3.3));
    // Not burnt out: the brightest part of the view under sRGB 245 (the flat panels were about 250).
    expect(sky).toBeLessThan(245);
    // A view: its upper part a sky bluer than it is red, its lower part clearly darker.
    expect(skyBlue).toBeGreaterThan(10);
    expect(sky - low).toBeGreaterThan(25);
    // The frame: the mullion in the window's middle is much darker than the panes beside it.
    const mullion = mean(luma, col(3) - 1, col(3) + 1, row(3.9), row(3.3));
    expect(mullion).toBeLessThan(sky - 60);
  }, 60_000);
});
