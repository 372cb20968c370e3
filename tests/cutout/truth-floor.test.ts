/**
 * The truth bench's frames (tests/bench/cutout-truth-composites.ts) carry the configurator's floor patch under the car:
 * opaque, white at its rim, shading to grey towards the tyres. `floorPatch` takes it out of the truth (and the
 * composite) without taking the silver rims (behind the dark tyre) or the tyres. Before, every light grey pixel of
 * the frame's lowest quarter went: the rims were punched out and the grey shading counted as car.
 */
import { describe, expect, it } from 'vitest';
import { floorPatch } from '../bench/cutout-truth-composites';

const W = 200;
const H = 120;

/** A red body, two wheels (dark tyre, silver rim with dark spokes) and a floor ellipse shading from white to grey. */
function frame() {
  const rgba = new Uint8Array(W * H * 4);
  const kind = new Array<string>(W * H).fill('outside');
  const put = (i: number, c: number[], k: string) => (rgba.set([...c, 255], 4 * i), (kind[i] = k));
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      // Floor: an ellipse centred under the car, grey 100 at its centre to white 240 at its rim.
      const d = Math.hypot((x - 100) / 92, (y - 96) / 22);
      if (d <= 1) put(i, [Math.round(100 + 140 * d), Math.round(100 + 140 * d), Math.round(102 + 140 * d)], 'floor');
      if (y >= 20 && y < 84 && x >= 20 && x < 180) put(i, [180, 30, 25], 'body');
      // The white floor seen under the sill, shut in by the wheels and a thin dark contact line below it.
      if (y >= 84 && y < 92 && x >= 70 && x < 130) put(i, [236, 236, 238], 'strip');
      if (y === 92 && x >= 70 && x < 130) put(i, [40, 40, 42], 'line');
      // A stripe of the floor's darkest shade, under the flood's darkest channel of 60, with floor above and below it.
      if ((y === 100 || y === 101) && x >= 80 && x < 120) put(i, [57, 57, 58], 'stripe');
      // A loose sliver of that shade, 5 rows, floor all round it; and a taller loose dark piece (a far wheel seen under
      // the body, cut loose): car.
      if (y >= 104 && y < 109 && x >= 70 && x < 90) put(i, [56, 56, 57], 'sliver');
      if (y >= 95 && y < 110 && x >= 122 && x < 128) put(i, [30, 30, 32], 'far wheel');
      // A dark lip under the body's bottom edge, 2 px, floor below it: car.
      if ((y === 84 || y === 85) && x >= 22 && x < 30) put(i, [30, 30, 32], 'lip');
      for (const cx of [50, 150]) {
        const r = Math.hypot(x - cx, y - 88);
        if (r < 18) put(i, [28, 28, 30], 'tyre');
        if (r < 12) put(i, (x - cx) * (y - 88) > 0 && Math.abs(x - cx) > 2 ? [215, 215, 218] : [60, 60, 62], 'rim');
      }
    }
  return { rgba, kind };
}

/** A blank RGBA drawing with each pixel's kind ('outside' until drawn), for the scenes drawn part by part below. */
function drawing(w: number, h: number) {
  const rgba = new Uint8Array(w * h * 4);
  const kind = new Array<string>(w * h).fill('outside');
  const put = (x: number, y: number, c: number[], k: string) => (rgba.set([...c, 255], 4 * (y * w + x)), (kind[y * w + x] = k));
  return { rgba, kind, put, w, h };
}

/** How many pixels of a kind the floor patch took, and how many there are. */
function tally(kind: string[], floor: Uint8Array) {
  return { taken: (k: string) => kind.filter((v, i) => v === k && floor[i]).length, all: (k: string) => kind.filter((v) => v === k).length };
}

describe('the truth bench floor patch', () => {
  it('takes the floor, its grey shading, the white floor under the sill and thin bands and loose slivers of floor shade, not the rims, the tyres, the body, a lip under it or a far wheel', () => {
    const { rgba, kind } = frame();
    const floor = floorPatch(rgba, W, H);
    const { taken, all } = tally(kind, floor);
    expect(taken('rim')).toBe(0);
    expect(taken('tyre')).toBe(0);
    expect(taken('body')).toBe(0);
    expect(taken('strip')).toBe(all('strip'));
    // Thin runs of floor shade between floor above and below: the contact line, a dark stripe (left as car before
    // 2026-12-01); a thin dark lip hanging from the body is not one of them.
    expect(taken('line')).toBe(all('line'));
    expect(taken('stripe')).toBe(all('stripe'));
    expect(all('lip')).toBe(16);
    expect(taken('lip')).toBe(0);
    expect(taken('sliver')).toBe(all('sliver'));
    expect(all('far wheel')).toBe(90);
    expect(taken('far wheel')).toBe(0);
    // The floor in the frame's lower half, grey shading included (the darkest channel 60 or more).
    expect(taken('floor')).toBeGreaterThan(0.95 * kind.filter((v, i) => v === 'floor' && i >= (H / 2) * W).length);
    expect(all('rim')).toBeGreaterThan(300);
    // Its grey part, which the rule before left opaque (its darkest channel under 141): taken.
    const grey = kind.filter((v, i) => v === 'floor' && rgba[4 * i]! <= 140);
    expect(grey.length).toBeGreaterThan(300);
    expect(kind.filter((v, i) => v === 'floor' && rgba[4 * i]! <= 140 && floor[i]).length).toBe(grey.length);
  });

  it('takes the band of the floor\'s darkest shade between the floor and a black sill, not the sill, a tyre or a plate', () => {
    // A side view's lower part: red body, a black sill, under it a band of neutral grey 72 down to 55 (under the
    // flood's 60), then the floor's gradient from 60 to white and the transparent outside below. A tyre (dark) touches
    // the band.
    const { rgba, kind, put, w, h } = drawing(120, 100);
    for (let x = 0; x < w; x++) {
      for (let y = 30; y < 58; y++) put(x, y, [170, 20, 20], 'body');
      for (let y = 58; y < 62; y++) put(x, y, [14, 15, 17], 'sill');
      for (let y = 62; y < 74; y++) { const v = Math.round(72 - ((y - 62) * 17) / 11); put(x, y, [v, v, v + 1], 'band'); }
      for (let y = 74; y < 94; y++) { const v = Math.round(60 + ((y - 74) * 180) / 19); put(x, y, [v, v, v], 'floor'); }
    }
    for (let y = 50; y < 80; y++) for (let x = 8; x < 24; x++) put(x, y, (x + y) % 3 ? [30, 30, 32] : [44, 45, 47], 'tyre');
    // A light plate joined to the band by a grey trim shading smoothly from the band's grey to the plate's (each
    // step within the flood's): the plate and the trim's light part are not floor.
    for (let y = 50; y < 62; y++) for (let x = 84; x < 88; x++) { const v = 72 + (61 - y) * 6; put(x, y, [v, v, v], v > 110 ? 'light trim' : 'dark trim'); }
    for (let y = 50; y < 58; y++) for (let x = 60; x < 84; x++) put(x, y, [140, 140, 140], 'plate');
    const floor = floorPatch(rgba, w, h);
    const { taken, all } = tally(kind, floor);
    expect(all('band')).toBeGreaterThan(1000);
    expect(taken('band')).toBe(all('band'));
    expect(taken('floor')).toBe(all('floor'));
    expect(taken('sill')).toBe(0);
    expect(taken('body')).toBe(0);
    expect(taken('tyre')).toBe(0);
    expect(all('plate')).toBe(192);
    expect(taken('plate')).toBe(0);
    expect(taken('light trim')).toBe(0);
  });

  it('takes the white floor seen between a front tyre and a far one above the lowest 35% of the frame, not the tyres', () => {
    // A side view's lower part: body, a white patch of floor under it between two tyres (rows 52-63, above the light
    // patch rule's first row, 65) whose soft lower edge (240) steps down to the floor's grey (167 and up to white
    // at its rim), then the outside.
    const { rgba, kind, put, w, h } = drawing(120, 100);
    for (let x = 0; x < w; x++) {
      for (let y = 20; y < 52; y++) put(x, y, [170, 20, 20], 'body');
      for (let y = 64; y < 96; y++) { const v = Math.round(167 + ((y - 64) * 73) / 31); put(x, y, [v, v, v], 'floor'); }
    }
    for (let y = 52; y < 64; y++) for (let x = 30; x < 90; x++) put(x, y, y === 63 ? [240, 240, 241] : [255, 255, 255], 'white');
    for (let y = 40; y < 70; y++) for (const x0 of [18, 90]) for (let x = x0; x < x0 + 12; x++) put(x, y, (x + y) % 3 ? [30, 30, 32] : [44, 45, 47], 'tyre');
    const floor = floorPatch(rgba, w, h);
    const { taken, all } = tally(kind, floor);
    expect(all('white')).toBe(12 * 60);
    expect(taken('white')).toBe(all('white'));
    expect(taken('floor')).toBe(all('floor'));
    expect(taken('tyre')).toBe(0);
    expect(taken('body')).toBe(0);
  });
});
