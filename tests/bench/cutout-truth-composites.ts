/**
 * The composites of `npm run bench:cutout`'s truth part (tests/bench/cutout-truth.ts): a turntable frame with a true
 * alpha (CUTOUT_EVAL_FRAMES, local only, never committed) over a real scene with a cast shadow, alone or with a second
 * car behind or beside it. Shared with the tuning scripts, which must build exactly the bench's images.
 */
import { join } from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { pickScene, sceneBackdrop } from '../../functions/src/renderer/scenes/scene-backdrop';

export const W = 1536;
export const H = 1024;

export type Setup = 'behind' | 'beside' | 'small';
export const SETUPS = ['behind', 'beside', 'small'] as const;
export const STYLES = ['urban', 'sunset', 'mountain'] as const;
export type Style = (typeof STYLES)[number];

export interface Layer {
  rgba: Buffer;
  width: number;
  height: number;
  /** Where the layer came from in its frame: the trimmed frame's top-left corner and the scale (layer px per frame px). */
  fromFrame?: { left: number; top: number; scaleX: number; scaleY: number };
}

/**
 * How the configurator's floor patch under the car (a white ellipse shading to grey towards the car, drawn opaque in
 * the frames) is taken out of a frame: `corrected` (the default since 2026-11-30) floods it from the transparent
 * outside, in the frame's lower half, through grey pixels (saturation under 25, the darkest channel 60 or more) whose
 * darkest channel changes by at most 20 from the neighbour it is reached from: the floor's smooth white-to-grey
 * gradient, not the tyres (darker, behind an edge) nor the silver rims (behind the tyre); what it takes is made
 * transparent in both the composite and the truth; since 2026-12-01 also the floor shade's thin bands and loose slivers
 * left between floor pixels (the contact line, the darkest stripes under the sills), and later the band of its darkest
 * shade and the rest of the white patch under the sills (`floorValley`). `lowest-quarter` (before) made every light grey pixel of the lowest
 * quarter transparent: it punched holes in the silver rims and left the floor's grey shading and the white patch
 * above that quarter opaque, counted as car in the truth.
 */
export type FloorRule = 'corrected' | 'lowest-quarter';

/** The frame's floor patch (1 = floor) by the `corrected` rule; `data` is RGBA. */
export function floorPatch(data: Uint8Array, w: number, h: number, valley = true): Uint8Array {
  const floor = new Uint8Array(w * h);
  const lo = (i: number) => Math.min(data[4 * i]!, data[4 * i + 1]!, data[4 * i + 2]!);
  const sat = (i: number) => Math.max(data[4 * i]!, data[4 * i + 1]!, data[4 * i + 2]!) - lo(i);
  const y0 = Math.floor(h * 0.5);
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  for (let y = y0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (data[4 * i + 3]! < 128) (seen[i] = 1), stack.push(i);
    }
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    const y = (i - x) / w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > y0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
      if (j < 0 || seen[j]) continue;
      if (data[4 * j + 3]! < 128) {
        if (!floor[i]) (seen[j] = 1), stack.push(j);
        continue;
      }
      // From the outside only the floor's light rim is entered; from the floor, its smooth gradient.
      const ok = floor[i] ? sat(j) < 25 && lo(j) >= 60 && Math.abs(lo(j) - lo(i)) <= 20 : sat(j) < 30 && lo(j) > 140;
      if (ok) (floor[j] = 1), (seen[j] = 1), stack.push(j);
    }
  }
  // The white floor seen under a side view's sills, shut in by the tyres and a thin dark contact line: a flat light
  // grey patch (3x wider than tall) low in the frame, with floor or the outside just below most of its columns (a
  // number plate has the bumper below it; a rim is not flat).
  const y1 = Math.floor(h * 0.65);
  const label = new Int32Array(w * h);
  const light = (i: number) => data[4 * i + 3]! >= 128 && !floor[i] && sat(i) < 30 && lo(i) > 140;
  let next = 0;
  for (let start = y1 * w; start < w * h; start++) {
    if (label[start] || !light(start)) continue;
    const id = ++next;
    const list = [start];
    label[start] = id;
    const bottom = new Map<number, number>();
    let l = w, r = 0, t = h, b = 0;
    for (let k = 0; k < list.length; k++) {
      const i = list[k]!;
      const x = i % w;
      const y = (i - x) / w;
      (l = Math.min(l, x)), (r = Math.max(r, x)), (t = Math.min(t, y)), (b = Math.max(b, y));
      bottom.set(x, Math.max(bottom.get(x) ?? 0, y));
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > y1 ? i - w : -1, y < h - 1 ? i + w : -1]) if (j >= 0 && !label[j] && light(j)) (label[j] = id), list.push(j);
    }
    if (r - l + 1 < 3 * (b - t + 1)) continue;
    let open = 0;
    for (const [x, y] of bottom) {
      for (let d = 1; d <= 4; d++) {
        const j = (y + d) * w + x;
        if (y + d >= h || floor[j] || data[4 * j + 3]! < 128) {
          open++;
          break;
        }
      }
    }
    if (open > bottom.size / 2) for (const i of list) floor[i] = 1;
  }
  // Thin bands of floor shade left between floor pixels (since 2026-12-01; before, they counted as car): the contact
  // line drawn along the floor patch's edge (1-3 px of grey 58-63, the floor's gradient above and below it, running on
  // past the car's ends) and stripes of the floor's darkest shade under the sills (grey 55-58, under the flood's 60).
  // A column's run of at most THIN_RUN opaque grey pixels with floor or the outside right above and right below it is
  // floor: no part of a car hangs free between floor above and below (a lip under a bumper has the bumper above it).
  const free = (j: number) => j >= w * h || floor[j] === 1 || data[4 * j + 3]! < 128;
  for (let x = 0; x < w; x++)
    for (let y = y0 + 1; y < h; y++) {
      const i = y * w + x;
      if (free(i) || !free(i - w)) continue;
      let end = y;
      while (end < h && !free(end * w + x) && end - y < THIN_RUN) end++;
      if (end < h && !free(end * w + x)) continue;
      let grey = true;
      for (let k = y; k < end; k++) grey &&= sat(k * w + x) < 25;
      if (grey) for (let k = y; k < end; k++) floor[k * w + x] = 1;
    }
  // Thicker slivers of the darkest shade under the sills, cut loose from the car by the floor taken round them: a piece
  // of at most SLIVER rows, all grey, lying in the lower half and touching nothing of the car (the largest piece).
  const piece = new Int32Array(w * h);
  const pieces: Array<{ list: number[]; top: number; bottom: number; grey: boolean }> = [];
  for (let start = 0; start < w * h; start++) {
    if (piece[start] || free(start)) continue;
    const p = { list: [start], top: h, bottom: 0, grey: true };
    piece[start] = pieces.length + 1;
    for (let k = 0; k < p.list.length; k++) {
      const i = p.list[k]!;
      const x = i % w;
      const y = (i - x) / w;
      (p.top = Math.min(p.top, y)), (p.bottom = Math.max(p.bottom, y)), (p.grey &&= sat(i) < 25);
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1, y < h - 1 ? i + w : -1]) if (j >= 0 && !piece[j] && !free(j)) (piece[j] = pieces.length + 1), p.list.push(j);
    }
    pieces.push(p);
  }
  const car = pieces.reduce((a, b) => (b.list.length > a.list.length ? b : a), pieces[0]!);
  for (const p of pieces) if (p !== car && p.grey && p.top >= y0 && p.bottom - p.top < SLIVER) for (const i of p.list) floor[i] = 1;
  // Since 2026-12-01 (later): the floor's darkest band and its white patch left under the sills (floorValley).
  if (valley) floorValley(data, w, h, y0, floor);
  return floor;
}

/**
 * What the rules above leave of the floor under the sills and the bumpers, flooded on from the floor taken through
 * neutral grey (channels within VALLEY_SAT): (1) the floor's darkest shade, a band of grey 55-72 up to 12 rows tall
 * (640x480) between the floor and the car's black sill (under the flood's darkest channel of 60), smooth like the
 * gradient it continues: a darkest channel VALLEY_LO..VALLEY_HI changing by at most VALLEY_STEP a pixel (the sill's
 * black stops it at a jump; the tyres are darker, the rims and the plate lighter: without the cap, a smooth trim led
 * to frame 66's plate); (2) the white floor seen under a side view's sills between a front tyre and a far one, that
 * the light patch rule left (it looks only at the lowest 35% of the frame and wants a strip 3x wider than tall):
 * WHITE_LO and up, entered from any floor pixel (its soft lower edge steps from grey 170 to 240 to 255).
 */
function floorValley(data: Uint8Array, w: number, h: number, y0: number, floor: Uint8Array): void {
  const lo = (i: number) => Math.min(data[4 * i]!, data[4 * i + 1]!, data[4 * i + 2]!);
  const sat = (i: number) => Math.max(data[4 * i]!, data[4 * i + 1]!, data[4 * i + 2]!) - lo(i);
  const stack: number[] = [];
  for (let i = y0 * w; i < w * h; i++) if (floor[i]) stack.push(i);
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % w;
    const y = (i - x) / w;
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > y0 ? i - w : -1, y < h - 1 ? i + w : -1]) {
      if (j < 0 || floor[j] || data[4 * j + 3]! < 128) continue;
      if (sat(j) > VALLEY_SAT) continue;
      const shade = lo(j) >= VALLEY_LO && lo(j) <= VALLEY_HI && Math.abs(lo(j) - lo(i)) <= VALLEY_STEP;
      const white = lo(j) >= WHITE_LO;
      if (shade || white) (floor[j] = 1), stack.push(j);
    }
  }
}

const VALLEY_SAT = 4;
const VALLEY_LO = 50;
const VALLEY_HI = 110;
const VALLEY_STEP = 6;
const WHITE_LO = 225;

/** The tallest run of opaque pixels between floor above and below that is taken as floor (frame pixels, 640x480). */
const THIN_RUN = 4;
/** The tallest loose piece of floor shade taken (frame pixels); the far wheels seen under a side view's body stay. */
const SLIVER = 8;

/** A frame cropped to its car, scaled to `width`; `blue` repaints it (another car, not a copy of the main one). */
export async function carLayer(dir: string, file: string, width: number, blue = false, rule: FloorRule = 'corrected'): Promise<Layer> {
  const { data: src, info: at } = await sharp(join(dir, file)).ensureAlpha().trim({ threshold: 0 }).raw().toBuffer({ resolveWithObject: true });
  if (rule === 'corrected') {
    const floor = floorPatch(src, at.width, at.height);
    for (let i = 0; i < floor.length; i++) if (floor[i]) src[4 * i + 3] = 0;
  }
  const { data, info } = await sharp(src, { raw: { width: at.width, height: at.height, channels: 4 } }).resize({ width, kernel: 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
  if (rule === 'lowest-quarter')
    for (let y = Math.floor(info.height * 0.75); y < info.height; y++)
      for (let x = 0; x < info.width; x++) {
        const i = 4 * (y * info.width + x);
        const lo = Math.min(data[i]!, data[i + 1]!, data[i + 2]!);
        const hi = Math.max(data[i]!, data[i + 1]!, data[i + 2]!);
        if (lo > 140 && hi - lo < 30) data[i + 3] = 0;
      }
  if (blue) for (let i = 0; i < data.length; i += 4) [data[i], data[i + 2]] = [data[i + 2]!, data[i]!];
  // sharp reports the trim as the (negative) offset of the frame's origin from the trimmed image's.
  const fromFrame = { left: -(at.trimOffsetLeft ?? 0), top: -(at.trimOffsetTop ?? 0), scaleX: info.width / at.width, scaleY: info.height / at.height };
  return { rgba: data, width: info.width, height: info.height, fromFrame };
}

/**
 * A box in the frame's own pixels (`[left, top, right, bottom]`, both ends inclusive: tests/bench/cutout-truth-parts.ts)
 * where it lands in the composite: through the trim, the scaling and the placement of `layer` at (`left`, `top`);
 * clipped to the composite, `undefined` when nothing of it is left (the part is not in the image).
 */
export function placedBox(box: readonly [number, number, number, number], layer: Layer, left: number, top: number): { left: number; top: number; right: number; bottom: number } | undefined {
  const f = layer.fromFrame ?? { left: 0, top: 0, scaleX: 1, scaleY: 1 };
  const out = {
    left: Math.max(0, Math.floor(left + (box[0] - f.left) * f.scaleX)),
    top: Math.max(0, Math.floor(top + (box[1] - f.top) * f.scaleY)),
    right: Math.min(W - 1, Math.ceil(left + (box[2] + 1 - f.left) * f.scaleX) - 1),
    bottom: Math.min(H - 1, Math.ceil(top + (box[3] + 1 - f.top) * f.scaleY) - 1),
  };
  return out.right >= out.left && out.bottom >= out.top ? out : undefined;
}

export function placedAlpha(layer: Layer, left: number, top: number): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < layer.height; y++)
    for (let x = 0; x < layer.width; x++) {
      const fx = left + x;
      const fy = top + y;
      if (fx >= 0 && fx < W && fy >= 0 && fy < H) out[fy * W + fx] = layer.rgba[4 * (y * layer.width + x) + 3]!;
    }
  return out;
}

/** A soft dark ellipse on the ground under the car (raw RGBA): the cast shadow a cut-out must not take for car. */
function shadowFor(cw: number, ch: number): Layer {
  const width = Math.round(cw * 1.1);
  const height = Math.max(8, Math.round(ch * 0.2));
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const d = Math.hypot((x - width / 2) / (width / 2), (y - height / 2) / (height / 2));
      rgba[4 * (y * width + x) + 3] = Math.round(150 * Math.max(0, Math.min(1, (1 - d) / 0.5)));
    }
  return { rgba, width, height };
}

/** What the scene renderer is given besides the car's placement: a photo and mask it only reads for the original location. */
const blankContext = async () => ({
  photo: await decodePhoto(await sharp({ create: { width: 400, height: 300, channels: 3, background: '#888' } }).jpeg().toBuffer()),
  mask: { alpha: new Uint8Array(400 * 300), width: 400, height: 300, box: { left: 0, top: 0, right: 1, bottom: 1 }, areaFraction: 0, removedFraction: 0 },
  width: W,
  height: H,
});

export interface Composite {
  /** The composite as the bench feeds it to the product (JPEG, quality 92). */
  jpeg: Buffer;
  /** The main car's true alpha in the frame. */
  truth: Uint8Array;
  /** 1 where the other car is and the main car is not. */
  otherOnly: Uint8Array;
  /** The main car's layer as placed (for corrections of its truth). */
  main: Layer;
  left: number;
  top: number;
}

/** The bench's composite of `frames[index]` in `setup` over `style`. */
export async function compose(dir: string, frames: string[], file: string, setup: Setup, style: Style, rule: FloorRule = 'corrected'): Promise<Composite> {
  const main = await carLayer(dir, file, Math.round(W * (setup === 'small' ? 0.4 : 0.62)), false, rule);
  const left = Math.round((W - main.width) / 2 + (setup === 'beside' ? W * 0.08 : 0));
  const top = Math.round(H * 0.86 - main.height);
  const other = setup === 'small' ? undefined : await carLayer(dir, frames[(frames.indexOf(file) + 18) % frames.length]!, Math.round(main.width * (setup === 'behind' ? 0.72 : 0.9)), true, rule);
  const otherAt = other && (setup === 'behind' ? { left: left + Math.round(main.width * 0.3), top: top - Math.round(other.height * 0.35) } : { left: left - Math.round(other.width * 0.85), top: top + main.height - other.height - Math.round(main.height * 0.12) });
  // The scene drawn for where the car stands (the product's own scene renderer), or the rendered studio.
  const dummy = { ...(await blankContext()), floorY: top + main.height };
  const source = (await sceneBackdrop(style, 'front_left_corner', pickScene(style, `eval-${file}`), dummy)) ?? (await sceneBackdrop('studio', 'front_left_corner', undefined, dummy))!;
  const backdrop = await source.draw({ width: W, height: H, left, top, cw: main.width, ch: main.height, scale: 1, mirror: false, contactRow: top + main.height });
  const layers: OverlayOptions[] = [];
  if (other && otherAt) layers.push({ input: other.rgba, raw: { width: other.width, height: other.height, channels: 4 }, left: otherAt.left, top: otherAt.top });
  const shadow = shadowFor(main.width, main.height);
  layers.push({ input: shadow.rgba, raw: { width: shadow.width, height: shadow.height, channels: 4 }, left: Math.round(left - main.width * 0.05), top: Math.round(top + main.height - shadow.height * 0.6) });
  layers.push({ input: main.rgba, raw: { width: main.width, height: main.height, channels: 4 }, left, top });
  const jpeg = await sharp(backdrop.rgb, { raw: { width: W, height: H, channels: 3 } }).composite(layers).jpeg({ quality: 92 }).toBuffer();
  const truth = placedAlpha(main, left, top);
  const otherOnly = other && otherAt ? placedAlpha(other, otherAt.left, otherAt.top).map((a, i) => (a >= 128 && truth[i]! < 128 ? 1 : 0)) : new Uint8Array(W * H);
  return { jpeg, truth, otherOnly, main, left, top };
}

/** The bench's composites: every `step`-th frame from `offset` (the measured set: 6 from 0; the tune set: 6 from 3), each in the three set-ups, the scene's style rotating. */
export function plan(frames: string[], step: number, offset = 0): Array<{ file: string; setup: Setup; style: Style }> {
  const picked = frames.filter((_, i) => i % step === offset);
  const out: Array<{ file: string; setup: Setup; style: Style }> = [];
  for (const [i, file] of picked.entries()) for (const setup of SETUPS) out.push({ file, setup, style: STYLES[(i + out.length) % STYLES.length]! });
  return out;
}
