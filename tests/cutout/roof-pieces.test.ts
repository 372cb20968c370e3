/**
 * A piece of a house glued on the car's roof by the cut-out (issue 37 item 1; a dealer's photo of a black S-Max in a
 * yard kept a gable, a chimney and a piece of wall on its roof in every style): functions/src/vision/local/
 * roof-pieces.ts takes it off, and leaves a car's own roof bars and spoiler standing against the same house alone.
 * A drawn scene, so every pixel's owner is known and no network runs.
 */
import { describe, expect, it } from 'vitest';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { removeRoofPieces } from '../../functions/src/vision/local/roof-pieces';

const W = 400;
const H = 300;
const SKY = [186, 198, 212];
const WALL = [205, 125, 82];
const TILES = [92, 58, 48];
const PAINT = [150, 28, 30];
const GLASS = [70, 80, 92];
const TRIM = [22, 22, 24];
const GROUND = [120, 118, 112];

type Owner = 'car' | 'piece' | 'none';

type Scene = { piece: boolean; bars: boolean; spoiler: boolean; reflection?: boolean; rim?: boolean; wall?: boolean; wallPiece?: boolean; window?: boolean; mirror?: boolean; boxTop?: number };

/**
 * The photo: a house behind a red car (and a wall left of it, `wall`); the mask: the car (with roof bars, a spoiler
 * and a door mirror when asked), `piece` over the roof and `wallPiece` beside the A-pillar.
 */
function scene({ piece, bars, spoiler, reflection = false, rim = false, wall = false, wallPiece = false, window = false, mirror = false, boxTop = 80 }: Scene) {
  const rgb = new Uint8Array(W * H * 3);
  const alpha = new Uint8Array(W * H);
  const owner: Owner[] = new Array(W * H).fill('none');
  const set = (x: number, y: number, c: number[], who?: Owner) => {
    rgb.set(c, 3 * (y * W + x));
    if (who) owner[y * W + x] = who;
  };
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      // The house: a wall from x 170 to 390 under a gable roof (18 px of tiles) peaking at y 20 over x 280.
      const eave = 38 + Math.abs(x - 280) * 0.6;
      const house = x >= 170 && x < 390 && y >= 20 + Math.abs(x - 280) * 0.6 && y < 200;
      // The wall: from the frame's left edge to the house, from y 50 down.
      const left = wall && x < 170 && y >= 50 && y < 200;
      set(x, y, y >= 200 ? GROUND : left ? WALL : house ? (y < eave ? TILES : WALL) : SKY);
    }
  // The car: body from x 50 to 350, y 120 to 240; glasshouse from y 80 (its roof, a dark strip) to 120.
  for (let y = 80; y < 245; y++)
    for (let x = 50; x < 350; x++) {
      const inset = y < 120 ? (120 - y) * 1.2 : 0;
      if (x < 90 + inset || x >= 320 - inset * 0.5) if (y < 120) continue;
      const colour = y < 86 ? TRIM : y < 118 ? GLASS : y >= 225 && ((x - 110) ** 2 < 400 || (x - 290) ** 2 < 400) ? TRIM : PAINT;
      set(x, y, colour, 'car');
    }
  if (bars)
    for (let y = 70; y < 80; y++)
      for (let x = 120; x < 215; x++) {
        // Two legs under a long bar, and a spoiler over the rear end of the roof.
        const bar = y < 74 || x < 126 || x >= 209;
        if (bar) set(x, y, TRIM, 'car');
      }
  // The wall mirrored in the roof's dark edge under the piece: the edge there is the wall's colour, so the split gives
  // it to the piece and the mask's top dips (the notch the S-Max kept under its chimney).
  if (reflection) for (let y = 80; y < 85; y++) for (let x = 236; x < 256; x++) set(x, y, WALL.map((c) => c - 6), 'car');
  if (spoiler) for (let y = 72; y < 80; y++) for (let x = 292; x < 308; x++) set(x, y, TRIM, 'car');
  // The side window mirrors the wall: the wall's colour inside the silhouette, from the roof's dark edge down.
  if (window) for (let y = 86; y < 118; y++) for (let x = 150; x < 250; x++) set(x, y, WALL, 'car');
  // A door mirror at the A-pillar's foot, standing out beside it against the wall.
  if (mirror) for (let y = 104; y < 116; y++) for (let x = 84; x < 100; x++) set(x, y, y < 106 ? TRIM : PAINT, 'car');
  // A piece of the wall standing beside the A-pillar, higher than the roof but under the box's top: x 115 to the
  // pillar from y 70 down.
  if (wallPiece)
    for (let y = 70; y < 100; y++)
      for (let x = 115; x < 136; x++) if (owner[y * W + x] === 'none') owner[y * W + x] = 'piece';
  // The piece the cut-out keeps: the house's gable and wall from x 220 to 300 over the roof, the house going on
  // beyond it on both sides.
  if (piece)
    for (let y = 30; y < 80; y++)
      for (let x = 220; x < 300; x++) if (owner[y * W + x] === 'none' && y >= 20 + Math.abs(x - 280) * 0.6) owner[y * W + x] = 'piece';
  for (let i = 0; i < W * H; i++) if (owner[i] !== 'none') alpha[i] = 255;
  // The piece beside the pillar as the cut-out keeps it: a soft rim (alpha 100, 2 px) round it against the sky.
  if (rim)
    for (let y = 68; y < 100; y++)
      for (let x = 113; x < 138; x++) if (owner[y * W + x] === 'none' && (x < 115 || y < 70)) alpha[y * W + x] = 100;
  const { box, area } = solidExtent(alpha, W, H);
  const mask: CleanMask = { alpha, width: W, height: H, box, areaFraction: area / (W * H), removedFraction: 0 };
  // The detector's box holds the car's body and roof; roof bars and a spoiler stand a little over it. (A looser box,
  // `boxTop`, stands over the roof as the S-Max's did, 20 px over it.)
  const main = { left: 50 / W, top: boxTop / H, right: 350 / W, bottom: 245 / H };
  return { mask, owner, main, photo: { rgb, width: W, height: H } };
}

/** The share of each owner's pixels the mask keeps. */
function kept(s: ReturnType<typeof scene>, out: CleanMask) {
  const all = { car: 0, piece: 0 };
  const still = { car: 0, piece: 0 };
  for (let i = 0; i < W * H; i++) {
    const who = s.owner[i]!;
    if (who === 'none') continue;
    all[who]++;
    if (out.alpha[i]! >= 128) still[who]++;
  }
  return { car: still.car / all.car, piece: all.piece ? still.piece / all.piece : 0 };
}

describe('a piece of the house behind, glued on the roof by the cut-out', () => {
  it('goes; the car stays', () => {
    const s = scene({ piece: true, bars: false, spoiler: false });
    const k = kept(s, removeRoofPieces(s.mask, s.main, s.photo));
    // Measured 2026-12-01: none of the piece stays; 99.1% of the car does (its dark roof edge under the piece goes
    // with it). Without the step all of the piece stayed.
    expect(k.piece).toBeLessThan(0.1);
    expect(k.car).toBeGreaterThan(0.985);
  });
});

describe('the roof line under a removed piece', () => {
  it('has no notch where the piece stood', () => {
    const s = scene({ piece: true, bars: false, spoiler: false, reflection: true });
    const out = removeRoofPieces(s.mask, s.main, s.photo);
    // The mask's top in each column under the piece (x 220 to 300) is the car's own top there (its roof's dark edge).
    const dips: number[] = [];
    for (let x = 220; x < 300; x++) {
      let y = 0;
      while (y < H && out.alpha[y * W + x]! < 128) y++;
      let car = 0;
      while (car < H && s.owner[car * W + x] !== 'car') car++;
      if (y > car + 1) dips.push(y - car);
    }
    // Measured 2026-12-01: no column dips. Without the roof line's closing the 20 columns of the mirrored wall dipped 5 px.
    expect(dips).toEqual([]);
  });
});

describe('a car with roof bars and a spoiler against a house, nothing glued on', () => {
  it('keeps its mask as it was', () => {
    const s = scene({ piece: false, bars: true, spoiler: true });
    const out = removeRoofPieces(s.mask, s.main, s.photo);
    expect(kept(s, out).car).toBe(1);
    expect(out.alpha).toEqual(s.mask.alpha);
  });
});

describe('a piece of the wall beside the A-pillar, under the box top', () => {
  it('goes; the car stays', () => {
    const s = scene({ piece: false, bars: false, spoiler: false, wall: true, wallPiece: true, boxTop: 60 });
    const k = kept(s, removeRoofPieces(s.mask, s.main, s.photo));
    // Measured 2026-12-01: 0.7% of the piece stays (its foot under the roof band), all of the car. Before the bumps on
    // the outline were looked at, all of the piece stayed (the mask does not rise over the box).
    expect(k.piece).toBeLessThan(0.1);
    expect(k.car).toBe(1);
  });
});

describe('a window mirroring the wall, a door mirror and roof bars in front of it', () => {
  it('keeps its mask as it was', () => {
    for (const boxTop of [80, 60]) {
      const s = scene({ piece: false, bars: true, spoiler: true, wall: true, window: true, mirror: true, boxTop });
      const out = removeRoofPieces(s.mask, s.main, s.photo);
      expect(out.alpha).toEqual(s.mask.alpha);
    }
  });

  it('keeps all of the car when the piece of wall beside the pillar goes', () => {
    // (No roof bars: over the piece's columns they would make it part of a plateau rather than a bump.)
    const s = scene({ piece: false, bars: false, spoiler: true, wall: true, window: true, mirror: true, wallPiece: true, boxTop: 60 });
    const k = kept(s, removeRoofPieces(s.mask, s.main, s.photo));
    expect(k.piece).toBeLessThan(0.1);
    expect(k.car).toBe(1);
  });
});

/**
 * The S-Max's rear: a house's wall right behind the roof, as wide as the piece the cut-out keeps over it (so the piece
 * meets the outside only along its top), a gutter across the wall 4 px over the roof, and the photo's blur (a 3x3
 * box). The piece comes with a soft rim (alpha 100) against the sky.
 */
function wallBehind() {
  const SKY2 = [200, 204, 210];
  const ROOF = [190, 192, 198];
  const BODY = [20, 20, 24];
  const sharp = new Uint8Array(W * H * 3);
  const alpha = new Uint8Array(W * H);
  const owner: Owner[] = new Array(W * H).fill('none');
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const house = x >= 230 && x < 320 && y >= 20 && y < 200;
      sharp.set(y >= 200 ? GROUND : house ? (y >= 73 && y < 76 ? TILES : WALL) : SKY2, 3 * (y * W + x));
    }
  // The car: a light grey roof from y 80, glass, a black body from y 120.
  for (let y = 80; y < 245; y++)
    for (let x = 50; x < 350; x++) {
      const inset = y < 120 ? (120 - y) * 1.2 : 0;
      if (y < 120 && (x < 90 + inset || x >= 320 - inset * 0.5)) continue;
      sharp.set(y < 86 ? ROOF : y < 118 ? GLASS : BODY, 3 * (y * W + x));
      owner[y * W + x] = 'car';
    }
  // The piece: the house's wall over the roof from y 40 (the house goes on above it).
  for (let y = 40; y < 80; y++) for (let x = 230; x < 320; x++) if (owner[y * W + x] === 'none') owner[y * W + x] = 'piece';
  for (let i = 0; i < W * H; i++) if (owner[i] !== 'none') alpha[i] = 255;
  // Its soft rim against the sky, 2 px wide, left and right.
  for (let y = 40; y < 80; y++) for (const x of [228, 229, 320, 321]) if (owner[y * W + x] === 'none') alpha[y * W + x] = 100;
  const rgb = new Uint8Array(sharp);
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++)
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) sum += sharp[3 * ((y + dy) * W + x + dx) + c]!;
        rgb[3 * (y * W + x) + c] = Math.round(sum / 9);
      }
  const { box, area } = solidExtent(alpha, W, H);
  const mask: CleanMask = { alpha, width: W, height: H, box, areaFraction: area / (W * H), removedFraction: 0 };
  return { mask, owner, main: { left: 50 / W, top: 60 / H, right: 350 / W, bottom: 245 / H }, photo: { rgb, width: W, height: H } };
}

describe('a wall right behind the roof, kept over it by the cut-out', () => {
  const s = wallBehind();
  const out = removeRoofPieces(s.mask, s.main, s.photo);

  it('goes down to the roof: no strip of its foot stays along the roof', () => {
    // The wall's pixels kept solid (its foot under the gutter, rows 76 to 79).
    let strip = 0;
    for (let i = 0; i < W * H; i++) if (s.owner[i] === 'piece' && out.alpha[i]! >= 128) strip++;
    // Measured 2026-12-01: 66 pixels (row 79, the blur's mix of wall and roof); 300 before the foot was trimmed.
    expect(strip).toBeLessThan(100);
    expect(kept(s, out).car).toBeGreaterThan(0.999);
  });

});

describe('a piece of the wall beside the A-pillar with a soft rim', () => {
  it('goes with its rim', () => {
    const s = scene({ piece: false, bars: false, spoiler: false, wall: true, wallPiece: true, rim: true, boxTop: 60 });
    const out = removeRoofPieces(s.mask, s.main, s.photo);
    let rim = 0;
    for (let i = 0; i < W * H; i++) if (s.owner[i] === 'none' && out.alpha[i]! > 0) rim++;
    // Measured 2026-12-01: none of the rim stays, all of the car does. Before the remains were cleared, 110 of the
    // rim's pixels stayed (a faint outline of the wall beside the pillar, the S-Max's eave and bare branches).
    expect(rim).toBe(0);
    expect(kept(s, out).car).toBe(1);
  });
});

/**
 * A black saloon from behind in a car park (br-NTO1053 of the plate benchmark): the roof's top edge is lit as pale as
 * the ceiling over it, the cut-out keeps a halo of the ceiling along the roof, 3 px higher over the middle, and the
 * detector's box top lies between the two. The rear window's frame walls the roof off from the body under it.
 */
function litRoof() {
  const CEILING = [205, 205, 200];
  const LIT = [192, 192, 188];
  const BLACK = [24, 24, 28];
  const rgb = new Uint8Array(W * H * 3);
  const alpha = new Uint8Array(W * H);
  const owner: Owner[] = new Array(W * H).fill('none');
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const roof = y >= 64 && x >= 90 && x < 310;
      const body = y >= 120 && y < 245 && x >= 50 && x < 350;
      const colour = body ? BLACK : roof && y < 245 ? (y < 76 ? LIT : y < 80 ? BLACK : y < 118 && x >= 100 && x < 300 ? GLASS : BLACK) : y >= 245 ? GROUND : CEILING;
      rgb.set(colour, 3 * (y * W + x));
      if ((roof && y < 245) || body) owner[y * W + x] = 'car';
      // The halo: rows 58 to 63 over the roof, from row 55 over x 190 to 215.
      if (owner[y * W + x] === 'car' || (x >= 90 && x < 310 && y >= (x >= 190 && x < 215 ? 55 : 58) && y < 64)) alpha[y * W + x] = 255;
    }
  const { box, area } = solidExtent(alpha, W, H);
  const mask: CleanMask = { alpha, width: W, height: H, box, areaFraction: area / (W * H), removedFraction: 0 };
  return { mask, owner, main: { left: 50 / W, top: 60 / H, right: 350 / W, bottom: 245 / H }, photo: { rgb, width: W, height: H } };
}

describe("the roof's own lit top edge under a halo of the ceiling", () => {
  it('stays: the halo does not rise over the roof beside it, so it is no piece', () => {
    const s = litRoof();
    const out = removeRoofPieces(s.mask, s.main, s.photo);
    // Measured 2026-12-02: all of the car stays. Before the piece had to rise over the mask beside it, 2.0% of the car
    // went: the lit edge cut square over the middle (the Fiesta's "ears" at its pillars).
    expect(kept(s, out).car).toBe(1);
  });
});
