/**
 * Places a cut-out car on a background: colour-corrected, scaled to the frame, tyres on the floor line, with a
 * contact shadow that follows the underside (dark where tyres touch, fading under the body). The background is drawn
 * for where the car landed (the rendered studio, a photographic scene: the camera follows the car's size and
 * position), and its light gives the car's white balance and a cast shadow.
 */
import sharp from 'sharp';
import type { DecodedPhoto } from '../photo-validation';
import type { CleanMask } from '../cutout/mask-cleanup';
import { decontaminatedCarLayer } from '../cutout/edge-decontamination';
import type { SceneMetadata } from '../port';

import { studioScale } from '../framing';
import { CAR_HEIGHT } from '../scenes/scene-view';

export interface ComposeOptions {
  mirror: boolean;
  logo?: Buffer;
}

/** A fixed backdrop at full size (tests and tools; the product's backdrops are drawn for the car: SceneSource). */
export interface BackgroundPlate {
  rgb: Buffer;
  width: number;
  height: number;
  /** y of the floor line the tyres stand on. */
  floorY: number;
  /** How dark the contact shadow is on this ground (0..1). */
  shadowStrength: number;
  /** How much the floor mirrors the car (0 = matt ground such as sand or a rough road). */
  reflection: number;
}

/** Where the car lands on the canvas (known before the backdrop is drawn). */
export interface CarPlacement {
  width: number;
  height: number;
  /** The car's box on the canvas. */
  left: number;
  top: number;
  cw: number;
  ch: number;
  /** Canvas pixels per photo pixel. */
  scale: number;
  mirror: boolean;
  /** The row the lowest tyre stands on. */
  contactRow: number;
  /** The row the highest tyre stands on (a corner view's rear tyre, further off), when it is not the lowest one's. */
  farContactRow?: number;
}

/** The light of a photographic scene, as seen from the camera. */
export interface BackdropLight {
  /** The sun's (or brightest region's) direction relative to the camera's, degrees (0: straight ahead, behind the car). */
  relativeYaw: number;
  elevation: number;
  /** 0 (overcast, soft box: a soft shadow of no direction) to 1 (a hard sun). */
  dominance: number;
  /** White balance gains toward the scene's light (mean 1). */
  tint: [number, number, number];
  /** Exposure gain for the car (1: as the photo is after its own correction). */
  exposure: number;
  /**
   * A low sun's colour where it falls on the car (gains, mean 1; absent: no low sun): the car's side toward it warmer,
   * fading across the car (lowSunGlow).
   */
  glow?: [number, number, number];
  /** How many times the glow's share and levels fall on the car (the scene manifest's sunOnCar: Sunset's); absent: 1. */
  sunOnCar?: number;
  /** A low sun's own colour (its brightest channel 1): the rim of light it draws round a car it stands behind (backLight). */
  sunColour?: [number, number, number];
  /**
   * A large soft light over the car (the rendered studio's soft box, the showroom's windows and ceiling): instead of a
   * cast shadow, a pool of shade under the car (poolShadow), darkest over its footprint and fading within `reach` car
   * heights beyond it, stretched `lean` car heights toward the camera (a light behind the car: the showroom's windows).
   */
  pool?: { reach: number; lean: number; strength: number };
}

export interface SceneBackdrop {
  rgb: Buffer;
  shadowStrength: number;
  reflection: number;
  /**
   * How dark (0..1) a thin, hardly blurred crease is where the tyres meet the ground (nearly black outdoors, where the
   * tyre is pressed into it; lighter on a polished floor); absent or 0: none.
   */
  contactLine?: number;
  /**
   * Grass, gravel or loose dirt standing on this ground, metres: that much of the ground's own texture covers the bottom
   * of each tyre, ragged (scene-manifest.ts, groundCover). Absent on hard ground.
   */
  groundCover?: number;
  light?: BackdropLight;
  /** The car keeps its photo's colours (the original location: the car is already in its scene's light). */
  keepCarColour?: boolean;
  /**
   * Where the dealer's logo hangs in this place (the showroom's back wall, above the car), in canvas pixels; with a
   * logo, it goes there, behind the car and in the room's light, instead of the image's corner.
   */
  logoSign?: { left: number; top: number; width: number; height: number; light: number; blur: number };
  scene: SceneMetadata;
}

/** A background drawn for the car's placement (photographic scenes). */
export interface SceneSource {
  width: number;
  height: number;
  floorY: number;
  /**
   * 'photo': the backdrop is the dealer's own photo, so the car stays framed as it was shot (the photo covering the
   * frame, the car where it stood: nothing to stretch or mirror at the edges). Otherwise the car stands on the stage.
   */
  framing?: 'stage' | 'photo';
  draw(placement: CarPlacement): Promise<SceneBackdrop>;
}

export interface Composed {
  /** Full-size RGB. */
  rgb: Buffer;
  width: number;
  height: number;
  /** Where the car landed, and its alpha at canvas size (for tests and the fidelity check). */
  carAlpha: Uint8Array;
  /** Canvas pixels per pixel of the photo at working size (the car check turns it into the enlargement of the original). */
  carScale: number;
  warnings: string[];
  /** How many of the car's pixels the ground's grass or gravel covers (the tyres' bottoms; 0 on smooth ground). */
  groundCover: number;
  /** The turn given to a car photographed on a slope, degrees (local/levelling.ts; set by the renderer, absent when none). */
  levelledDegrees?: number;
  /** The scene behind the car (absent on a fixed plate). */
  scene?: SceneMetadata;
}

/** Gray-world white balance and a mild exposure lift, measured on the car only and clamped. */
function colourGains(photo: DecodedPhoto, mask: CleanMask): number[] {
  let sr = 0, sg = 0, sb = 0;
  let n = 0;
  // Luminance histogram (256 bins) instead of sorting every car pixel: the 90th percentile to the bin.
  const histogram = new Uint32Array(256);
  for (let i = 0; i < mask.alpha.length; i += 3) {
    if (mask.alpha[i]! < 220) continue;
    const r = photo.rgb[3 * i]!, g = photo.rgb[3 * i + 1]!, b = photo.rgb[3 * i + 2]!;
    sr += r; sg += g; sb += b; n++;
    histogram[Math.min(255, Math.round(0.2126 * r + 0.7152 * g + 0.0722 * b))]!++;
  }
  if (!n) return [1, 1, 1];
  const mean = [sr / n, sg / n, sb / n];
  const grey = (mean[0]! + mean[1]! + mean[2]!) / 3;
  let p90 = 255;
  for (let v = 0, seen = 0; v < 256; v++) if ((seen += histogram[v]!) > n * 0.9) {
    p90 = v;
    break;
  }
  // Lift dull photos so the bright paint reaches ~225; never darken more than 10 %.
  const exposure = Math.min(1.3, Math.max(0.9, 225 / Math.max(1, p90)));
  // Half-strength gray-world: a red car must stay red.
  return mean.map((m) => exposure * Math.min(1.08, Math.max(0.92, 1 + 0.5 * (grey / Math.max(1, m) - 1))));
}

/**
 * The ground under the car, per column: from the lower convex hull of the car's underside. In any view the hull
 * touches the tyres (the lowest points), so a 3/4 view gets a tilted ground line through both axles.
 */
export function groundLine(bottom: Int32Array, ch: number, keep?: Uint8Array): Float32Array {
  // A column whose lowest part stands far above the car's lowest (a door mirror held out beside the body of a front or
  // rear view) is not on the ground: as a point of the hull it tilted the line up to the mirror, and the contact shadow
  // drew a grey band from the mirror down to the tyre. It gets no ground (it casts nothing, as a gap does).
  let lowest = -1;
  for (let x = 0; x < bottom.length; x++) lowest = Math.max(lowest, bottom[x]!);
  // `keep`: columns that stand on the ground however high they are (a steep corner view's far tyre: farTyreRun).
  const onGround = (x: number) => bottom[x]! >= 0 && (bottom[x]! >= lowest - ch * MIRROR_LIFT || keep?.[x] === 1);
  const points: number[] = [];
  for (let x = 0; x < bottom.length; x++) if (onGround(x)) points.push(x);
  const ground = new Float32Array(bottom.length).fill(-1);
  if (points.length === 0) return ground;
  // Monotone chain over (x, y) with y growing downwards: keep the hull that lies below every point.
  const hull: number[] = [];
  for (const x of points) {
    while (hull.length >= 2) {
      const a = hull[hull.length - 2]!, b = hull[hull.length - 1]!;
      const cross = (b - a) * (bottom[x]! - bottom[a]!) - (bottom[b]! - bottom[a]!) * (x - a);
      if (cross >= 0) hull.pop();
      else break;
    }
    hull.push(x);
  }
  for (let i = 0; i + 1 < hull.length; i++) {
    const a = hull[i]!, b = hull[i + 1]!;
    for (let x = a; x <= b; x++) ground[x] = bottom[a]! + ((bottom[b]! - bottom[a]!) * (x - a)) / Math.max(1, b - a);
  }
  if (hull.length === 1) ground[hull[0]!] = bottom[hull[0]!]!;
  return ground;
}

/** How far above the car's lowest point, as a share of its height, a column's lowest part is held out (a mirror). */
const MIRROR_LIFT = 0.3;

/**
 * Shadow map (0..1) of the car on the ground: dark where the underside touches the ground line (the tyres),
 * a soft occlusion in the gap under the body, and a short penumbra spreading away from the car.
 */
function groundShadow(bottom: Int32Array, ground: Float32Array, ch: number, left: number, top: number, W: number, H: number, rest?: Float32Array, restContact?: Float32Array, tyres: TyreContact[] = [], flatten: (row: number) => number = () => DEFAULT_GROUND_FLATTENING, penumbraShare = 1, haloMax = Infinity, softness = 0.5, underTyres = true): ShadowMap {
  const cw = bottom.length;
  const shadow = new Float32Array(W * H);
  const box = { left: W, top: H, right: 0, bottom: 0 }; // where it is above 0, for the blur
  // The darker of what is there and v, the box grown to hold it.
  const darken = (x: number, y: number, v: number) => {
    const i = y * W + x;
    if (v <= shadow[i]!) return;
    shadow[i] = v;
    box.left = Math.min(box.left, x);
    box.right = Math.max(box.right, x + 1);
    box.top = Math.min(box.top, y);
    box.bottom = Math.max(box.bottom, y + 1);
  };
  const reach = ch * 0.04; // how fast the contact shadow fades as the underside lifts off the ground
  const band = Math.max(2, ch * 0.016); // contact shadow half-height
  // Soft shade spreading in front of the car; under a large soft light the pool (poolShadow) spreads it instead, and this
  // is halved: 0.08 of the car's height in rows is about a third of its height on the ground, longer than such a light's.
  const penumbra = ch * 0.08 * penumbraShare;
  // The occlusion's reach past the ground line (a bumper's shade): longer and softer the less the light comes from one
  // direction (an overcast sky, a hazy sun, a soft box: 5.5% of the car's height; a clear sun's 3%, its cast shadow
  // does the rest).
  const occlusionFade = Math.max(1.5, ch * (0.03 + 0.025 * softness));
  // Per column, how the shade's darkness falls off sideways (a hard-edged block read as a black box under the car:
  // issue 38), all 0..1:
  // - `line`: how dark the ground line is under the body: as dark as right under it where the body is low (a sill) or
  //   beside a tyre (within about half a tyre's width), half as dark under a tall gap (a bumper high over the road: the
  //   ground there sees the sky beside the car; the ground deeper under the car, higher in the picture, stays darkest).
  // - `body`: the band past the ground line, as dark as the line under a gap (not beside a tyre: that is the tyre's own
  //   shade, below). It is the body's, not the tyres': in front of a tyre the ground is lit but for the tyre's own
  //   shade, and grass drawn over a tyre's bottom is taken from there. It fades out across the tyre's edge, from a
  //   third of its width outside to a third inside, instead of stopping there.
  // - `ends`: everything fades within a few percent of the car's height of its ends (a bumper's tip above the ground).
  const body = new Float32Array(cw).fill(1);
  const line = new Float32Array(cw);
  const ends = new Float32Array(cw);
  const smooth = (u: number) => (u <= 0 ? 0 : u >= 1 ? 1 : u * u * (3 - 2 * u));
  let first = cw, last = -1;
  for (let x = 0; x < cw; x++) if (ground[x]! >= 0 && bottom[x]! >= 0) (first = Math.min(first, x)), (last = x);
  const endFade = Math.max(2, ch * END_FADE);
  for (let x = 0; x < cw; x++) {
    // Outside the nearest tyre's edge, in that tyre's widths (negative inside it).
    let edge = Infinity;
    for (const t of tyres) edge = Math.min(edge, (x < t.left ? t.left - x : x > t.right ? x - t.right : -Math.min(x - t.left, t.right - x)) / t.width);
    const lift = Math.max(0, ground[x]! - bottom[x]!);
    const gap = GAP_LINE + (1 - GAP_LINE) * Math.exp(-lift / (ch * GAP_LIFT));
    body[x] = gap * smooth((edge + 0.3) / 0.6);
    line[x] = Math.max(Math.exp(-((Math.max(0, edge) / 0.6) ** 2)), gap);
    ends[x] = smooth(Math.min(x - first, last - x) / endFade);
  }
  for (let x = 0; x < cw; x++) {
    if (ground[x]! < 0 || bottom[x]! < 0) continue; // a gap between pieces (a mirror, the body) casts nothing
    const cx = left + x;
    if (cx < 0 || cx >= W) continue;
    const lift = Math.max(0, ground[x]! - bottom[x]!);
    const contact = Math.exp(-lift / reach);
    const gy = top + ground[x]!;
    const from = Math.max(0, Math.floor(top + bottom[x]! - band));
    const to = Math.min(H - 1, Math.ceil(gy + Math.max(penumbra * 1.5, 2 * occlusionFade)));
    for (let y = from; y <= to; y++) {
      const d = y - gy;
      // Occlusion under the body: the ground between the underside and the ground line sees little of the sky, in real
      // photos 0.04-0.1 of the open ground beside the car under the sills, sunny or overcast (tests/bench/ground-contact.ts).
      // Darkest right under the body, still dark at the ground line, fading within a few percent of the car's height
      // past it (0.7 fading to 0.35 at the sills left the ground under them at 0.4-0.8 of the ground beside: a lit gap).
      // Between the underside and the ground line: from the full shade right under the body down to the line's own.
      const under = y <= gy ? OCCLUSION * (line[x]! + (1 - line[x]!) * (1 - smooth((y - top - bottom[x]!) / Math.max(1, lift)))) : body[x]! * 0.9 * OCCLUSION * Math.exp(-((d / occlusionFade) ** 2));
      // A far tyre resting above the ground line (restFarTyres) touches on its own row.
      const far = rest && restContact && rest[x]! !== ground[x]! ? restContact[x]! * Math.exp(-(((y - top - rest[x]!) / band) ** 2)) : 0;
      const touch = contact * Math.exp(-((d / band) ** 2));
      const spread = d > 0 ? 0.5 * Math.exp(-d / penumbra) : 0;
      darken(cx, y, Math.max(far, ends[x]! * Math.max(under, touch, spread)));
    }
  }
  // Each tyre's own contact shade: a dark core under it and a soft occlusion around it on the ground, an ellipse as the
  // camera sees a disc of ground at that tyre's distance. The shade above follows the car's columns and one ground line,
  // so it ended at the car's last column: a corner view's rear tyre, at the car's end, stood on a dark line with bare
  // ground right behind it and read as lifted.
  for (const tyre of tyres) {
    const cx0 = left + tyre.x, cy0 = top + tyre.y;
    const squash = flatten(cy0);
    // The core reaches less far toward the camera than behind the tyre: in front of it the ground is lit (and the grass
    // drawn over a tyre's bottom is taken from there), under and behind it the car stands over it.
    const core = { rx: 0.6 * tyre.width, up: Math.max(1.5, 0.6 * tyre.width * squash), down: Math.max(1.5, 0.35 * tyre.width * squash) };
    // Under a large soft light the pool (poolShadow) is the occlusion around the car: the halo keeps within about a
    // wheel's radius (a side view's tyre is wide across its bottom, and its halo reached across the frame, past the
    // car's ends, as a faint ellipse).
    const haloRadius = Math.min(1.7 * tyre.width, haloMax);
    const halo = { rx: haloRadius, ry: Math.max(2, haloRadius * squash) };
    const x0 = Math.max(0, Math.floor(cx0 - 2 * halo.rx)), x1 = Math.min(W - 1, Math.ceil(cx0 + 2 * halo.rx));
    const y0 = Math.max(0, Math.floor(cy0 - 2 * halo.ry)), y1 = Math.min(H - 1, Math.ceil(cy0 + 2 * halo.ry));
    // The contact itself (`underTyres`): full shade across the tyre's whole width just under its bottom, its sides
    // soft, so the ground right under a tyre is at least as dark as the shade beside it under the body (a rear view's
    // tyres, whose core ellipse left the floor under their inner edges lighter than the gap between them, read as
    // blocks). Not where grass covers the tyres' bottoms: it is taken from the ground there, which would turn black.
    const tl = left + tyre.left, tr = left + tyre.right, side = Math.max(2, 0.15 * tyre.width), deep = underTyres ? 3 * band : 0;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const c = ((x - cx0) / core.rx) ** 2 + ((y - cy0) / (y > cy0 ? core.down : core.up)) ** 2;
        const h = ((x - cx0) / halo.rx) ** 2 + ((y - cy0) / halo.ry) ** 2;
        const across = smooth((x - tl + side) / (2 * side)) * smooth((tr + side - x) / (2 * side));
        const under = deep > 0 && across > 0 ? TYRE_CORE * across * Math.exp(-(((y - cy0) / (y > cy0 ? deep : 2 * band)) ** 2)) : 0;
        darken(x, y, Math.max(TYRE_CORE * Math.exp(-1.5 * c), TYRE_HALO * Math.exp(-h), under));
      }
  }
  return { shadow, box };
}

/**
 * The shade carried on under the car's own pixels, row by row, from the ground either side of them to the other: the
 * car covers it, but the blur drew the ground beside the car's edges toward the nothing drawn under it, so the ground
 * in a gap under the bumper was lit along the tyres (a light rim where the cut stops at them). Only where the car
 * stands over ground that is shaded on either side, within the shadow's box.
 */
function shadeUnderCar({ shadow, box }: ShadowMap, carRgba: Buffer, cw: number, ch: number, left: number, top: number, W: number): void {
  const x0 = Math.max(box.left, left, 1), x1 = Math.min(box.right, left + cw, W - 1);
  for (let y = Math.max(box.top, top); y < Math.min(box.bottom, top + ch); y++) {
    const row = y * W, car = (y - top) * cw - left; // car + x: the car's pixel under canvas column x
    for (let x = x0; x < x1; x++) {
      if (carRgba[4 * (car + x) + 3]! < 128) continue;
      let end = x;
      while (end + 1 < x1 && carRgba[4 * (car + end + 1) + 3]! >= 128) end++;
      const a = shadow[row + x - 1]!, b = shadow[row + end + 1]!;
      if (a > 0 || b > 0) for (let k = x; k <= end; k++) shadow[row + k] = Math.max(shadow[row + k]!, a + ((b - a) * (k - x + 1)) / (end - x + 2));
      x = end;
    }
  }
}

/**
 * How dark (before the floor's strength) each tyre's own shade is: its core right under the tyre, as dark as the
 * contact band along the ground line, and the occlusion around it, the ground a tyre's width away.
 */
const TYRE_CORE = 1;
const TYRE_HALO = 0.5;
/** How dark (before the floor's strength) the ground right under the body is: the car's own occlusion. */
const OCCLUSION = 1;
/**
 * The ground line under a tall gap (a bumper high over the road) is GAP_LINE as dark as right under the body; under a
 * lower body darker, toward the full shade as the gap closes within GAP_LIFT of the car's height.
 */
const GAP_LINE = 0.5;
const GAP_LIFT = 0.08;
/** The ground's shade fades out within this share of the car's height of the car's ends. */
const END_FADE = 0.1;
/**
 * How much flatter than wide a disc of ground looks where no scene camera says (a plate): about a camera 1.4 m up seeing
 * ground 6 m off. With a scene camera, a disc at row y looks (y - horizon) / focal as tall as it is wide.
 */
const DEFAULT_GROUND_FLATTENING = 0.23;

/** A tyre the car stands on, in the car's own pixels: its contact's column and row, and its width across the bottom. */
export interface TyreContact {
  x: number;
  y: number;
  width: number;
  /** Its first and last columns (the contact is not always their middle: a tyre seen at an angle, a cut-off one). */
  left: number;
  right: number;
}

/**
 * The tyres the car stands on: where the underside rests on the ground (the ground line through the near tyres, or a far
 * tyre's own row: `rest` and `contact` as restFarTyres left them) with a round bottom (the outline climbing on both sides
 * within the car: not a bumper's corner at its end, not the flat lower edge of a bumper), no wider than a fifth of the
 * car and dark, as rubber is.
 */
export function tyreContacts(carRgba: Buffer, bottom: Int32Array, rest: Float32Array, contact: Float32Array, cw: number, ch: number): TyreContact[] {
  const rise = 0.03 * ch;
  const tyres: TyreContact[] = [];
  for (let x = 0; x < cw; x++) {
    if (bottom[x]! < 0 || contact[x]! < 0.8) continue;
    let end = x;
    while (end + 1 < cw && bottom[end + 1]! >= 0 && contact[end + 1]! >= 0.8) end++;
    let c = x;
    for (let k = x; k <= end; k++) if (bottom[k]! > bottom[c]!) c = k;
    x = end;
    const y = bottom[c]!;
    let l = c, r = c;
    while (l - 1 >= 0 && bottom[l - 1]! >= y - rise) l--;
    while (r + 1 < cw && bottom[r + 1]! >= y - rise) r++;
    if (l <= 0 || r >= cw - 1) continue;
    const width = r - l + 1;
    if (width < 4 || width > 0.2 * cw) continue;
    // Dark, as rubber is: the car's pixels just above the contact, across the tyre's middle half.
    let sum = 0, n = 0;
    for (let yy = Math.max(0, y - Math.round(0.03 * ch)); yy <= y; yy++)
      for (let k = Math.round(c - width / 4); k <= Math.round(c + width / 4); k++) {
        const i = 4 * (yy * cw + k);
        if (carRgba[i + 3]! < 200) continue;
        sum += 0.2126 * carRgba[i]! + 0.7152 * carRgba[i + 1]! + 0.0722 * carRgba[i + 2]!;
        n++;
      }
    if (n === 0 || sum / n > 110) continue;
    // Where the rest row is a far tyre's own (restFarTyres), the contact is there.
    tyres.push({ x: c, y: Math.max(y, Math.round(rest[c]!)), width, left: l, right: r });
  }
  return tyres;
}

/**
 * How the car stands, in its own pixels: its underside, the ground line, where each column rests (the ground line, or
 * a far tyre's own row) and how firmly, and the tyres it stands on.
 */
export function stance(rgba: Buffer, w: number, h: number) {
  const bottom = underside(rgba, w, h);
  let ground = groundLine(bottom, h);
  const far = farTyreRun(rgba, bottom, ground, w, h);
  if (far) ground = groundLine(bottom, h, far.keep);
  const contact = contactOf(bottom, ground, h);
  const rest = Float32Array.from(ground);
  restFarTyres(rgba, bottom, rest, contact, w, h);
  const tyres = tyreContacts(rgba, bottom, rest, contact, w, h);
  if (far && !tyres.some((t) => t.left <= far.tyre.x && far.tyre.x <= t.right)) tyres.push(far.tyre);
  return { bottom, ground, contact, rest, tyres };
}

/**
 * A steep corner view (the camera high, the car turned): its far tyre stands more than MIRROR_LIFT of the car's height
 * above the near one, and groundLine took it and the sills leading to it for a door mirror held out: no ground under
 * them, no shade, the far tyre floating (the BMW X3's rear tyre in Urban). A mirror is narrow and ends the car; a far
 * tyre lies within a long run of lifted columns (FAR_RUN of the car's width), a dark low point with the car's outline
 * climbing behind it. Returns the columns from the run's start up to that low point (they stand on the ground) and the
 * tyre; undefined when there is none.
 */
function farTyreRun(rgba: Buffer, bottom: Int32Array, ground: Float32Array, cw: number, ch: number): { keep: Uint8Array; tyre: TyreContact } | undefined {
  const rise = 0.02 * ch;
  const r = Math.max(4, Math.round(0.03 * cw));
  for (let x = 0; x < cw; x++) {
    if (bottom[x]! < 0 || ground[x]! >= 0) continue;
    let end = x;
    while (end + 1 < cw && bottom[end + 1]! >= 0 && ground[end + 1]! < 0) end++;
    const start = x;
    x = end;
    if (end - start + 1 < FAR_RUN * cw) continue;
    // A low point of the run (lowest within a tyre's half width, the middle of a flat bottom), within the car on both
    // sides, the outline climbing behind it (in front of it the sill may run on as low).
    for (let c = start + r; c <= end - r; c++) {
      const b = bottom[c]!;
      let lowest = true;
      for (let k = c - r; k <= c + r && lowest; k++) if (bottom[k]! > b || (bottom[k] === b && k < c)) lowest = false;
      if (!lowest) continue;
      let c2 = c;
      while (c2 + 1 <= end && bottom[c2 + 1] === b) c2++;
      const m = (c + c2) >> 1;
      if (bottom[m - r]! > b - rise && bottom[m + r]! > b - rise) continue;
      const tyre = darkFarTyre(rgba, bottom, m, b, start, end, cw, ch, rise);
      if (tyre) return tyre;
    }
  }
  return undefined;
}

/** Dark, as rubber is: the car's pixels just above its low point (c, b), 5 columns wide and 3% of its height tall. */
function darkAsRubber(rgba: Buffer, c: number, b: number, cw: number, ch: number): boolean {
  let sum = 0, n = 0;
  for (let y = Math.max(0, b - Math.round(0.03 * ch)); y <= b; y++)
    for (let k = c - 2; k <= c + 2; k++) {
      const i = 4 * (y * cw + k);
      if (rgba[i + 3]! < 200) continue;
      sum += 0.2126 * rgba[i]! + 0.7152 * rgba[i + 1]! + 0.0722 * rgba[i + 2]!;
      n++;
    }
  return n > 0 && sum / n <= 80;
}

/** The far tyre at low point (c, b) of the lifted run start..end, if it is dark, as rubber is. */
function darkFarTyre(rgba: Buffer, bottom: Int32Array, c: number, b: number, start: number, end: number, cw: number, ch: number, rise: number): { keep: Uint8Array; tyre: TyreContact } | undefined {
  const r = Math.max(4, Math.round(0.03 * cw));
  if (!darkAsRubber(rgba, c, b, cw, ch)) return undefined;
  // Its half width: to where the outline has climbed on the side it climbs.
  const climbsRight = bottom[c + r]! <= b - rise;
  let e = c;
  while (Math.abs(e - c) < 0.1 * cw && e > 0 && e < cw - 1 && bottom[e]! >= b - rise) e += climbsRight ? 1 : -1;
  const half = Math.max(2, Math.abs(e - c));
  const keep = new Uint8Array(cw);
  if (climbsRight) keep.fill(1, start, c + 1);
  else keep.fill(1, c, end + 1);
  return { keep, tyre: { x: c, y: b, width: 2 * half + 1, left: c - half, right: c + half } };
}

/** A run of lifted columns at least this share of the car's width holds a far tyre, not a mirror. */
const FAR_RUN = 0.12;

/** The row (of the car's own pixels) of its highest tyre contact, undefined when no tyre is found. */
function farTyreRow(rgba: Buffer, w: number, h: number): number | undefined {
  const { tyres } = stance(rgba, w, h);
  return tyres.length ? Math.min(...tyres.map((t) => t.y)) : undefined;
}

/** A shadow map over the canvas and the box (right and bottom exclusive) outside which it is 0. */
interface ShadowMap {
  shadow: Float32Array;
  box: { left: number; top: number; right: number; bottom: number };
}

/**
 * The contact shadow blurred, as bytes (0..255) over the whole canvas. Only the rows and columns where it is drawn
 * (a band along the ground) and a margin wider than the blur's reach are blurred: the rest stays 0 either way.
 */
async function blurShadow({ shadow, box: { left, top, right, bottom } }: ShadowMap, W: number, H: number, sigma: number): Promise<Buffer> {
  const out = Buffer.alloc(W * H);
  if (right <= left) return out;
  const margin = Math.ceil(4 * sigma) + 2;
  const x0 = Math.max(0, left - margin), y0 = Math.max(0, top - margin), x1 = Math.min(W, right + margin), y1 = Math.min(H, bottom + margin);
  const w = x1 - x0, h = y1 - y0;
  const bytes = Buffer.alloc(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) bytes[y * w + x] = Math.round(255 * Math.min(1, shadow[(y0 + y) * W + x0 + x]!));
  const blurred = await sharp(bytes, { raw: { width: w, height: h, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer();
  for (let y = 0; y < h; y++) out.set(blurred.subarray(y * w, (y + 1) * w), (y0 + y) * W + x0);
  return out;
}

/** Per column of the car, its lowest opaque row (the underside, tyres included); -1 where the column is empty. */
function underside(carRgba: Buffer, cw: number, ch: number): Int32Array {
  const bottom = new Int32Array(cw).fill(-1);
  for (let x = 0; x < cw; x++)
    for (let y = ch - 1; y >= 0; y--)
      if (carRgba[4 * (y * cw + x) + 3]! >= 128) {
        bottom[x] = y;
        break;
      }
  return bottom;
}

/**
 * A glossy floor's reflection: each column of the car mirrored about its own ground line, fading within a few
 * percent of the car's height, so only tyres and sills show in it (what a studio floor does).
 */
function reflect(canvas: Buffer, carRgba: Buffer, bottom: Int32Array, ground: Float32Array, ch: number, left: number, top: number, W: number, H: number, strength: number): void {
  const cw = bottom.length;
  const depth = ch * 0.22;
  // Parts well above the ground (an overhanging bumper) would mirror about a slanted line: keep them faint. A tyre's
  // reflection fades out over a few columns beside a gap under the bumper (nothing to reflect there) instead of ending
  // in a straight vertical edge down the floor (the Lexus ES rear's tyres, cut straight at their inner sides).
  const lifted = Float32Array.from(bottom, (b, x) => (b < 0 || ground[x]! < 0 ? 0 : Math.exp(-(Math.round(ground[x]!) - b) / (ch * 0.04))));
  const r = Math.max(2, Math.round(ch * 0.03));
  const sums = new Float64Array(cw + 1);
  for (let x = 0; x < cw; x++) sums[x + 1] = sums[x]! + lifted[x]!;
  for (let x = 0; x < cw; x++) {
    if (ground[x]! < 0) continue;
    const cx = left + x;
    if (cx < 0 || cx >= W) continue;
    const g = Math.round(ground[x]!);
    // Where the columns around are as high as this one (a sill), the mean is the peak and nothing changes; beside a
    // drop (a tyre's side over the gap) the mean falls below the peak and the reflection ramps down to the lower level.
    const a0 = Math.max(0, x - r), a1 = Math.min(cw, x + r + 1);
    let peak = 0;
    for (let k = a0; k < a1; k++) peak = Math.max(peak, lifted[k]!);
    const near = Math.min(lifted[x]!, Math.max(0, (2 * (sums[a1]! - sums[a0]!)) / (a1 - a0) - peak));
    for (let d = 1; d < depth; d++) {
      const sy = g - d, cy = top + g + d;
      if (sy < 0 || cy >= H) break;
      const s = 4 * (sy * cw + x);
      const a = (carRgba[s + 3]! / 255) * strength * near * (1 - d / depth) ** 2;
      if (a <= 0.002) continue;
      const i = 3 * (cy * W + cx);
      for (let c = 0; c < 3; c++) canvas[i + c] = canvas[i + c]! * (1 - a) + carRgba[s + c]! * a;
    }
  }
}

/**
 * Per column of the car, how well its underside rests on the ground line (1 at a tyre's contact, falling to 0 as the
 * underside lifts off it), for the crease and the ground cover.
 */
function contactOf(bottom: Int32Array, ground: Float32Array, ch: number): Float32Array {
  const out = new Float32Array(bottom.length);
  const reach = Math.max(1.5, ch * 0.012);
  for (let x = 0; x < bottom.length; x++) if (ground[x]! >= 0 && bottom[x]! >= 0) out[x] = Math.exp(-Math.max(0, ground[x]! - bottom[x]!) / reach);
  return out;
}

/**
 * The tyres that stand on the ground above the ground line of the near ones (a corner view's far tyres, seen under the
 * body): a dark, round-bottomed low point of the underside, lower than everything a tyre's width either side of it and
 * clear of the hull. Their columns rest on their own lowest row: `rest` is moved there (in place) and their contact
 * set, so the contact shade, the crease and the ground cover reach them too.
 */
function restFarTyres(carRgba: Buffer, bottom: Int32Array, rest: Float32Array, contact: Float32Array, cw: number, ch: number): void {
  const r = Math.max(4, Math.round(0.03 * cw));
  const rise = 0.02 * ch;
  const reach = Math.max(1.5, ch * 0.012);
  for (let x = r; x < cw - r; x++) {
    const b = bottom[x]!;
    if (b < 0 || rest[x]! < 0 || rest[x]! - b < 2 * rise) continue;
    let lowest = true;
    for (let k = x - r; k <= x + r && lowest; k++) if (bottom[k]! > b || (bottom[k]! === b && k < x)) lowest = false;
    if (!lowest) continue;
    // Round-bottomed: the underside rises a tyre's half width either side (or the car ends there).
    if (bottom[x - r]! > b - rise || bottom[x + r]! > b - rise) continue;
    if (!darkAsRubber(carRgba, x, b, cw, ch)) continue;
    for (let k = x - r; k <= x + r; k++) {
      if (bottom[k]! < 0) continue;
      const c = Math.exp(-Math.max(0, b - bottom[k]!) / reach);
      if (c > contact[k]!) (contact[k] = c), (rest[k] = b);
    }
  }
}

/**
 * A thin crease of shade where each tyre meets the ground (a couple of pixels, hardly blurred): the soft contact
 * shadow alone leaves a sharp tyre standing on a soft grey, which reads as hovering.
 */
function contactCrease(canvas: Buffer, contact: Float32Array, ground: Float32Array, left: number, top: number, W: number, H: number, strength: number, ch: number): void {
  const half = Math.max(1.2, ch * 0.004);
  for (let x = 0; x < contact.length; x++) {
    const c = contact[x]!;
    const cx = left + x;
    if (c < 0.05 || cx < 0 || cx >= W) continue;
    const gy = top + ground[x]!;
    for (let y = Math.max(0, Math.floor(gy - 2 * half)); y <= Math.min(H - 1, Math.ceil(gy + 3 * half)); y++) {
      const d = (y - gy - 0.5 * half) / half;
      const k = 1 - strength * c * Math.exp(-d * d);
      const i = 3 * (y * W + cx);
      canvas[i] = canvas[i]! * k;
      canvas[i + 1] = canvas[i + 1]! * k;
      canvas[i + 2] = canvas[i + 2]! * k;
    }
  }
}

/** A fixed, repeatable noise in [0, 1) per integer (no randomness from one render to the next). */
const hash01 = (n: number) => {
  let h = (n * 374761393 + 668265263) >>> 0;
  h = ((h ^ (h >>> 13)) * 1274126177) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
};

/**
 * Grass, gravel or loose dirt over the bottom of the tyres, where the style's ground is rough: over each column where
 * the car rests on the ground, the ground's own texture (the row as far below the contact as this one is above it:
 * the ground just in front of the tyre, in the tyre's shade) covers the car's pixels up to a ragged height (up to
 * `coverPx`, blade to blade), with a soft top. Returns how many of the car's pixels it covered (for tests and review).
 */
function coverTyres(canvas: Buffer, groundRgb: Buffer, carRgba: Buffer, contact: Float32Array, ground: Float32Array, cw: number, left: number, top: number, W: number, H: number, coverPx: number): number {
  let covered = 0;
  const period = Math.max(3, Math.round(coverPx * 0.6)); // clumps a little wider than a blade or a stone
  for (let x = 0; x < cw; x++) {
    const c = contact[x]!;
    const cx = left + x;
    if (c < 0.2 || cx < 0 || cx >= W) continue;
    const cell = Math.floor((cx) / period), f = cx / period - cell;
    const clump = hash01(cell) * (1 - f) + hash01(cell + 1) * f;
    const height = coverPx * c * (0.3 + 0.45 * clump + 0.25 * hash01(cx + 7919));
    const gy = top + ground[x]!;
    for (let y = Math.max(0, Math.floor(gy - height - 2)); y <= Math.min(H - 1, Math.ceil(gy)); y++) {
      const carY = y - top;
      if (carY < 0 || carY >= carRgba.length / 4 / cw) continue;
      const ca = carRgba[4 * (carY * cw + x) + 3]! / 255;
      if (ca <= 0) continue;
      const a = ca * Math.max(0, Math.min(1, (y - (gy - height)) / 2));
      if (a <= 0) continue;
      const sy = Math.min(H - 1, Math.round(2 * gy - y + 1));
      const sx = Math.max(0, Math.min(W - 1, cx + (hash01(y * 31 + cx) < 0.5 ? -1 : 1)));
      const s = 3 * (sy * W + sx), d = 3 * (y * W + cx);
      for (let k = 0; k < 3; k++) canvas[d + k] = canvas[d + k]! * (1 - a) + groundRgb[s + k]! * a;
      if (a >= 0.5) covered++;
    }
  }
  return covered;
}

/** At most this much darker at the car's end away from a strong light straight from one side. */
export const MAX_KEY_LIGHT_FALLOFF = 0.12;

/**
 * How much the side of the car away from the scene's key light falls off (0 to MAX_KEY_LIGHT_FALLOFF), and from which
 * side of the frame the light comes: a low sun from the camera's right leaves the car's left end a little darker. Only
 * a dominant light does it (a soft overhead light, an overcast sky: nothing), and only as far as it comes from the side.
 * A low sun (light.glow: a sunset, a dawn) does it however hazy it is, as its long shadow says (castShadow): ahead of
 * the camera, in the picture (Sunset's), it lights the car's end toward it as a rim at least half as strong as from the
 * side (lowSunGlow), so that end stays the brighter one.
 */
export function keyLightFalloff(light: BackdropLight): { away: number; fromRight: boolean } {
  const rel = (light.relativeYaw * Math.PI) / 180;
  const low = Math.cos((Math.min(90, Math.max(0, light.elevation)) * Math.PI) / 180);
  const side = Math.abs(Math.sin(rel));
  const [strength, across] = light.glow ? [1, Math.cos(rel) > 0 ? Math.max(0.5, side) : side] : [Math.min(1, 2 * light.dominance), side];
  return { away: MAX_KEY_LIGHT_FALLOFF * strength * across * low, fromRight: light.relativeYaw >= 0 };
}

/** At most this far (a share of a channel) a low sun's colour moves the car's side it falls on. */
export const MAX_LOW_SUN_GLOW = 0.05;

/**
 * The warm light of a low sun on the car: gains (mean 1, each within MAX_LOW_SUN_GLOW of 1) at the car's end toward the
 * sun, and how much of that reaches its other end (1: the sun behind the camera lights the whole car; 0: a sun straight
 * from the side lights only its near end, fading across it). A sun ahead of the camera, behind the car (Sunset's, in
 * the picture), lights the car's far side: the side seen keeps only a warm rim at its end toward the sun, at least half
 * as strong as a sun from the side gives (the glow's gains pulled toward 1), and nothing at its other end. A scene whose
 * style promises the sun's light on the car (light.sunOnCar, from scene-manifest.ts: Sunset) takes that many times the
 * glow's share, and `cast`, the levels it may add at the car's end toward the sun (MAX_SUN_CAST), as many times.
 * Undefined without a low sun (light.glow).
 */
export function lowSunGlow(light: BackdropLight): { gains: [number, number, number]; fromRight: boolean; farEnd: number; cast: number } | undefined {
  if (!light.glow) return undefined;
  const rel = (light.relativeYaw * Math.PI) / 180;
  const side = Math.abs(Math.sin(rel));
  const fromRight = light.relativeYaw >= 0;
  const more = light.sunOnCar ?? 1;
  const cast = MAX_SUN_CAST * more;
  const scaled = (share: number) => light.glow!.map((g) => 1 + (g - 1) * share * more) as [number, number, number];
  if (Math.cos(rel) <= 0) return { gains: scaled(1), fromRight, farEnd: 1 - side, cast };
  return { gains: scaled(Math.max(0.5, side)), fromRight, farEnd: 0, cast };
}

/** A low sun within this many degrees of where the camera looks stands behind the car and lights it from behind. */
export const BACKLIGHT_CONE = 60;
/** How much darker the car's side seen is under a low sun straight behind it: that side is in the car's own shade. */
export const BACKLIT_SHADE = 0.16;
/** How far the sun's rim light takes the car's outline toward the sun's colour, at the outline, a sun straight behind. */
export const RIM_LIGHT = 0.6;
/** How deep the rim light reaches into the car from its outline (its fall-off length), in car heights. */
export const RIM_DEPTH = 0.015;

/**
 * A low sun ahead of the camera, in or near the picture (Sunset's), stands behind the car: the side the camera sees
 * is in the car's own shade, and the sun draws a rim of its light along the outline that faces it (the roof line, and
 * the car's end toward the sun), as in a photograph taken into the sun. Before, that car was lit as from the front,
 * as bright as in the studio, with the sun behind it. `behind`: 1 for a sun straight ahead of the camera, 0 at
 * BACKLIGHT_CONE or further round (Coast's sun, 76-106 degrees off, and Mountain's, behind the camera: nothing).
 * `ends`: the rim's weight at the car's end toward the sun and at its other end (a sun straight behind lights both).
 * Undefined without a low sun behind the car.
 */
export function backLight(light: BackdropLight): { shade: number; rim: number; ends: [toSun: number, far: number]; fromRight: boolean; colour: [number, number, number] } | undefined {
  if (!light.glow || !light.sunColour) return undefined;
  const rel = (light.relativeYaw * Math.PI) / 180;
  const cone = Math.cos((BACKLIGHT_CONE * Math.PI) / 180);
  const behind = (Math.cos(rel) - cone) / (1 - cone);
  if (behind <= 0) return undefined;
  const far = Math.max(0, 1 - Math.abs(Math.sin(rel)) / Math.sin(Math.PI / 12));
  return { shade: BACKLIT_SHADE * behind, rim: RIM_LIGHT * behind, ends: [1, far], fromRight: light.relativeYaw >= 0, colour: light.sunColour };
}

/**
 * The car lit from behind (backLight): its pixels darkened by the shade, then taken toward the sun's colour along the
 * outline that faces the sun, fading over RIM_DEPTH car heights in: the top of each column (the roof line: the sky's
 * glow and the sun's glint on the car's top) and the end of each row toward the sun. The outline is the outermost solid pixel of the column or row, so
 * a hole in the cut-out (a see-through window) gets no rim.
 */
export function lightFromBehind(carRgba: Buffer, cw: number, ch: number, back: NonNullable<ReturnType<typeof backLight>>): void {
  const depth = Math.max(1, RIM_DEPTH * ch);
  const solid = (x: number, y: number) => carRgba[4 * (y * cw + x) + 3]! >= 128;
  const topRow = new Int32Array(cw).fill(-1);
  for (let x = 0; x < cw; x++) for (let y = 0; y < ch; y++) if (solid(x, y)) { topRow[x] = y; break; }
  const firstCol = new Int32Array(ch).fill(-1), lastCol = new Int32Array(ch).fill(-1);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) if (solid(x, y)) { firstCol[y] = x; break; }
    for (let x = cw - 1; x >= 0; x--) if (solid(x, y)) { lastCol[y] = x; break; }
  }
  const [toSun, far] = back.ends;
  const [rightEnd, leftEnd] = back.fromRight ? [toSun, far] : [far, toSun];
  const keep = 1 - back.shade;
  const target = back.colour.map((c) => 255 * c);
  const fade = (d: number) => Math.exp(-Math.max(0, d) / depth);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const i = 4 * (y * cw + x);
      if (carRgba[i + 3] === 0) continue;
      const rim = back.rim * Math.max(topRow[x]! < 0 ? 0 : fade(y - topRow[x]!), rightEnd * (lastCol[y]! < 0 ? 0 : fade(lastCol[y]! - x)), leftEnd * (firstCol[y]! < 0 ? 0 : fade(x - firstCol[y]!)));
      for (let c = 0; c < 3; c++) {
        const v = carRgba[i + c]! * keep;
        carRgba[i + c] = Math.round(v + rim * Math.max(0, target[c]! - v));
      }
    }
}

/** At most this many levels a channel the scene's light colours the car (its warmth; its brightness is not limited). */
export const MAX_LIGHT_CAST = 6;

/**
 * Under a low sun the light's colour follows the sun across the car: up to MAX_SUN_CAST levels a channel at the car's end
 * toward it, SUN_CAST_FAR of that at its other end (at most MAX_LIGHT_CAST everywhere, as before, took a white car's
 * end toward the sun no warmer than its far end: both at the limit). Across a car lit from one side that averages
 * 9 x 0.65 = 5.85 levels, still within MAX_LIGHT_CAST: a white car stays white, its end toward the sun a warm white. A
 * sun behind the camera lights the car evenly: MAX_LIGHT_CAST all over.
 */
export const MAX_SUN_CAST = 9;
export const SUN_CAST_FAR = 0.3;

/** Above this level the light's lift rolls off instead of clipping (highlightShoulder). */
export const LIGHT_KNEE = 230;

/**
 * A soft shoulder for a channel the light lifts past LIGHT_KNEE: it rolls off toward 255 instead of clipping (a white
 * bonnet's red clipped at 255 while its blue was not: pink), each channel on its own, so the brightest paint goes toward
 * white as in a photo; never below `floor` (the channel as bright as the photo had it, or as the exposure alone makes
 * it if that is less), so a lift never darkens what was already bright.
 */
export function highlightShoulder(level: number, floor: number): number {
  const room = 255 - LIGHT_KNEE;
  return Math.max(Math.min(level, floor), LIGHT_KNEE + room * (1 - Math.exp(-(level - LIGHT_KNEE) / room)));
}

/** A channel in the scene's light (`level`), rolled off past LIGHT_KNEE; `plain`: in its exposure alone, `source`: in the photo. */
const litChannel = (plain: number, level: number, source: number) => (level > LIGHT_KNEE ? highlightShoulder(level, Math.min(plain, source)) : level);

/** A ground line's arm climbing more than this many rows a column is a side seen end-on, never a side seen square. */
const STEEP_ARM = 0.15;

/**
 * The shade a large soft light overhead leaves under a car (the studio's soft box, the showroom's windows and ceiling): no
 * direction, a pool over the car's footprint on the ground, fading within `pool.reach` car heights beyond it (a soft
 * box hides behind the car from the ground near it; further out the ground sees all of it). The footprint, as the camera
 * sees it: the ground line (the hull through the tyres and the bumpers' lowest points) is its near edge; in a corner
 * view its two arms (along the car and across it) meet at the nearest tyre, and the far edges run parallel to them from
 * the car's two ends, so beyond each end the footprint ends in a corner (the car's rear corner), not a band; in a side,
 * front or rear view (one level arm) it reaches a car's width back (1.2 car heights on the ground). The footprint is
 * blurred by reach / 2.5 across the picture and that times the ground's foreshortening (`groundFactor`) up and down it,
 * so it fades as far on the ground toward the camera as beside the car. `pool.lean`: stretched that many car heights
 * on the ground toward the camera (a light from behind the car: the showroom's window wall). Drawn at a quarter size.
 */
export function poolShadow(ground: Float32Array, cw: number, ch: number, left: number, top: number, W: number, H: number, pool: NonNullable<BackdropLight['pool']>, groundFactor: number): { soft: Buffer; strength: number } {
  const q = 4, w = Math.ceil(W / q), h = Math.ceil(H / q);
  const cols: number[] = [];
  for (let x = 0; x < cw; x++) if (ground[x]! >= 0) cols.push(x);
  const soft = Buffer.alloc(W * H);
  if (cols.length < 2) return { soft, strength: 0 };
  const l = cols[0]!, r = cols[cols.length - 1]!;
  // The ground line's corners (the hull's vertices) and its lowest one, the nearest tyre.
  const corners = cols.filter((x, i) => i === 0 || i === cols.length - 1 || Math.abs(ground[x - 1]! + ground[x + 1]! - 2 * ground[x]!) > 1e-3 || ground[x - 1]! < 0 || ground[x + 1]! < 0);
  let ni = 0;
  for (let i = 1; i < corners.length; i++) if (ground[corners[i]!]! > ground[corners[ni]!]!) ni = i;
  const n = corners[ni]!;
  // Each arm: the longest straight run of the ground line from the nearest tyre that way (to the other tyre; past it the
  // bumper climbs), its slope in rows per column; none shorter than a tenth of the car (a view square on).
  const arm = (step: 1 | -1) => {
    let far = n, run = 0;
    for (let i = ni; i + step >= 0 && i + step < corners.length; i += step) {
      const d = Math.abs(corners[i + step]! - corners[i]!);
      if (d > run) (run = d), (far = corners[i + step]!);
    }
    return Math.abs(far - n) > 0.1 * cw ? { far, slope: (ground[far]! - ground[n]!) / (far - n) } : { far: n, slope: 0 };
  };
  const a = arm(-1), b = arm(1);
  // The near edge: the ground line between the arms' far tyres, their lines carried on under the overhangs.
  // Seen square on (not a corner: the two arms do not both rise away from the nearest tyre), the ground line is the line
  // through the two tyres (the longer arm), carried on under both ends: a bumper's lowest point is not on the ground.
  // A corner seen mostly from one end: that end's arm is about level (its two tyres on one row) and the longer arm, the
  // side, climbs steeply away. Carried on under the end's overhang, the side's line fell far below the car (a dark wedge
  // from the front bumper to the frame's edge: a web photo of an Acura RL's front corner).
  const main = Math.abs(a.far - n) > Math.abs(b.far - n) ? a : b;
  const corner = (a.slope > 0.02 && b.slope < -0.02) || Math.abs(main.slope) > STEEP_ARM;
  const near = (x: number) =>
    !corner ? ground[n]! + main.slope * (x - n) : x < a.far ? ground[a.far]! + a.slope * (x - a.far) : x > b.far ? ground[b.far]! + b.slope * (x - b.far) : ground[x]! >= 0 ? ground[x]! : ground[n]!;
  const back = 1.2 * ch * groundFactor;
  const lean = pool.lean * ch * groundFactor;
  const map = new Float32Array(w * h);
  let y0 = h, y1 = 0;
  for (let x = l; x <= r; x++) {
    const g = near(x);
    const [sL, sR] = [a.slope, b.slope];
    // The far edges: from each end, parallel to the other arm.
    const far = corner ? Math.max(near(l) + sR * (x - l), near(r) + sL * (x - r)) : g - back;
    const px = Math.floor((left + x) / q);
    if (px < 0 || px >= w) continue;
    const from = Math.max(0, Math.floor((top + Math.min(far, g)) / q)), to = Math.min(h - 1, Math.ceil((top + g + lean) / q));
    for (let y = from; y <= to; y++) map[y * w + px] = 1;
    y0 = Math.min(y0, from);
    y1 = Math.max(y1, to);
  }
  // A separable Gaussian over the rows and columns the pool can reach.
  const sx = Math.max(1, (pool.reach / 2.5) * ch) / q, sy = Math.max(0.75, (pool.reach / 2.5) * ch * groundFactor) / q;
  const kernel = (s: number) => {
    const k = Math.ceil(3 * s), out = new Float32Array(2 * k + 1);
    let sum = 0;
    for (let i = -k; i <= k; i++) sum += out[i + k] = Math.exp(-(i * i) / (2 * s * s));
    return out.map((v) => v / sum);
  };
  const kx = kernel(sx), ky = kernel(sy), rx = (kx.length - 1) / 2, ry = (ky.length - 1) / 2;
  const bx0 = Math.max(0, Math.floor((left + l) / q) - rx), bx1 = Math.min(w - 1, Math.ceil((left + r) / q) + rx);
  const by0 = Math.max(0, y0 - ry), by1 = Math.min(h - 1, y1 + ry);
  // One pass of the kernel along (dx, dy) over the box, into `out` (the first pass keeps float32 sums, as it always has).
  const pass = <T extends Float32Array | Float64Array>(src: Float32Array | Float64Array, dx: number, dy: number, k: Float32Array, out: T): T => {
    const r = (k.length - 1) / 2;
    for (let y = by0; y <= by1; y++)
      for (let x = bx0; x <= bx1; x++) {
        let v = 0;
        for (let i = -r; i <= r; i++) {
          const xx = x + i * dx, yy = y + i * dy;
          if (xx >= 0 && xx < w && yy >= 0 && yy < h) v += k[i + r]! * src[yy * w + xx]!;
        }
        out[y * w + x] = v;
      }
    return out;
  };
  const down = pass(pass(map, 1, 0, kx, new Float32Array(w * h)), 0, 1, ky, new Float64Array(w * h));
  const blurred = Uint8Array.from(down, (v) => Math.round(255 * Math.min(1, v)));
  // Up to full size (bilinear), only over the pool's box.
  const X0 = bx0 * q, X1 = Math.min(W - 1, (bx1 + 1) * q), Y0 = by0 * q, Y1 = Math.min(H - 1, (by1 + 1) * q);
  for (let Y = Y0; Y <= Y1; Y++) {
    const fy = Math.max(0, Math.min(h - 1, (Y + 0.5) / q - 0.5)), iy = Math.floor(fy), ty = fy - iy, iy1 = Math.min(h - 1, iy + 1);
    for (let X = X0; X <= X1; X++) {
      const fx = Math.max(0, Math.min(w - 1, (X + 0.5) / q - 0.5)), ix = Math.floor(fx), tx = fx - ix, ix1 = Math.min(w - 1, ix + 1);
      soft[Y * W + X] = Math.round(
        (blurred[iy * w + ix]! * (1 - tx) + blurred[iy * w + ix1]! * tx) * (1 - ty) + (blurred[iy1 * w + ix]! * (1 - tx) + blurred[iy1 * w + ix1]! * tx) * ty,
      );
    }
  }
  return { soft, strength: pool.strength / 255 };
}

/**
 * A cast shadow on the ground, away from the scene's light: each point of the car's silhouette at a height above its
 * ground line moves along the ground by height / tan(elevation), foreshortened by the camera's view of the ground, so
 * each column of the car casts a segment from its ground point. Drawn at a quarter size and blurred: softer, fainter
 * and shorter the less the light comes from one direction.
 */
export async function castShadow(carRgba: Buffer, ground: Float32Array, cw: number, ch: number, left: number, top: number, W: number, H: number, light: BackdropLight, groundFactor: number): Promise<{ soft: Buffer; strength: number }> {
  const q = 4, w = Math.ceil(W / q), h = Math.ceil(H / q);
  const map = new Uint8Array(w * h);
  const rel = (light.relativeYaw * Math.PI) / 180;
  // A low sun (light.glow: a sunset, a dawn) casts a long shadow however hazy it is: its haze makes the shadow faint and
  // soft (strength and blur below), not short. Other lights: the less of the light comes from one direction, the shorter.
  const reach = Math.min(2.5, 1 / Math.tan((Math.max(8, light.elevation) * Math.PI) / 180)) * (light.glow ? 1 : Math.min(1, 0.25 + 1.5 * light.dominance));
  // Ground displacement per pixel of height: sideways as seen, and in depth foreshortened by the camera's height ratio.
  const sx = -Math.sin(rel) * reach, sy = Math.cos(rel) * reach * groundFactor;
  for (let x = 0; x < cw; x++) {
    if (ground[x]! < 0) continue;
    let highest = -1;
    for (let y = 0; y < ch; y++) if (carRgba[4 * (y * cw + x) + 3]! >= 128) { highest = y; break; }
    if (highest < 0) continue;
    const lift = ground[x]! - highest;
    const steps = Math.ceil((Math.hypot(sx, sy) * lift) / (q / 2)) + 1;
    for (let k = 0; k <= steps; k++) {
      const l = (lift * k) / steps;
      const px = Math.round((left + x + sx * l) / q), py = Math.round((top + ground[x]! + sy * l) / q);
      if (px >= 0 && px < w && py >= 0 && py < h) map[py * w + px] = 255;
    }
  }
  const sigma = Math.max(1.5, (ch * (0.02 + 0.05 * (1 - light.dominance))) / q);
  // Blurred at the quarter size, then enlarged: in one sharp pipeline the resize runs before the blur whatever the call
  // order, so the quarter-size pixels' hard steps were enlarged and then blurred by a quarter of the intended sigma (a
  // staircase along the shadow's far edge: the Ford S-Max in Urban).
  const blurred = await sharp(map, { raw: { width: w, height: h, channels: 1 } }).blur(sigma).extractChannel(0).raw().toBuffer();
  const soft = await sharp(blurred, { raw: { width: w, height: h, channels: 1 } }).resize(W, H, { kernel: 'linear' }).extractChannel(0).raw().toBuffer();
  // A sun in the picture (backLight: Sunset's, drawn as a bright disc) promises a clear shadow however hazy the
  // panorama measures it (2% of the light: 0.13): at that strength the car, lit from behind, stood on unshaded ground
  // and read as pasted (a dealer's review at full size, issue 38 item 5).
  const inPicture = backLight(light) ? SUN_IN_PICTURE_SHADOW : 0;
  return { soft, strength: Math.max(0.12 + 0.33 * light.dominance, inPicture) / 255 };
}

/** The least strength of the cast shadow of a sun standing in the picture behind the car (castShadow). */
export const SUN_IN_PICTURE_SHADOW = 0.4;

/**
 * The car's decontaminated layer, made once per cut-out: every further angle or style of the same photo (the local
 * renderer keeps its cut-outs) reuses it. Keyed by the mask's pixels and checked against the photo's, never mutated.
 */
const carLayers = new WeakMap<Uint8Array, { rgb: Uint8Array; layer: Buffer }>();
function carLayer(photo: DecodedPhoto, mask: CleanMask): Buffer {
  const kept = carLayers.get(mask.alpha);
  if (kept && kept.rgb === photo.rgb) return kept.layer;
  const layer = decontaminatedCarLayer(photo.rgb, mask.alpha, photo.width, mask.box);
  carLayers.set(mask.alpha, { rgb: photo.rgb, layer });
  return layer;
}

/** Room kept between the car and the frame's edges when the photo is framed as shot, as a fraction of the frame. */
const AS_SHOT_MARGIN = 0.03;

/**
 * The photo framed as shot: it covers the frame, centred, as long as the car stays whole inside it. A photo framed
 * tighter or wider than 3:2 (a car filling a 16:9 photo) would lose the car's ends to the crop: the photo is then drawn
 * smaller and moved until the car is inside with a margin (where the photo no longer reaches the frame, the backdrop
 * stretches its edges). A side where the car already touches the photo's edge stays at the frame's edge: it is cut in
 * the photo itself.
 */
export function asShotFraming(photo: { width: number; height: number }, box: { left: number; top: number; right: number; bottom: number }, W: number, H: number): { scale: number; left: number; top: number } {
  const touches = { left: box.left <= 1, top: box.top <= 1, right: box.right >= photo.width - 1, bottom: box.bottom >= photo.height - 1 };
  const mx = W * AS_SHOT_MARGIN;
  const my = H * AS_SHOT_MARGIN;
  const cover = Math.max(W / photo.width, H / photo.height);
  // The largest scale at which the car's free sides fit inside the frame's margins.
  const fitW = (W - (touches.left ? 0 : mx) - (touches.right ? 0 : mx)) / (box.right - box.left);
  const fitH = (H - (touches.top ? 0 : my) - (touches.bottom ? 0 : my)) / (box.bottom - box.top);
  const scale = Math.min(cover, fitW, fitH);
  // Centred, then moved as little as needed to bring each free side of the car inside its margin.
  const along = (size: number, frame: number, from: number, to: number, m: number, touchFrom: boolean, touchTo: boolean) => {
    let offset = (frame - size * scale) / 2;
    if (touchFrom) offset = Math.min(offset, -from * scale);
    if (touchTo) offset = Math.max(offset, frame - to * scale);
    if (!touchFrom && offset + from * scale < m) offset = m - from * scale;
    if (!touchTo && offset + to * scale > frame - m) offset = frame - m - to * scale;
    return offset;
  };
  return {
    scale,
    left: along(photo.width, W, box.left, box.right, mx, touches.left, touches.right),
    top: along(photo.height, H, box.top, box.bottom, my, touches.top, touches.bottom),
  };
}

/**
 * The dealer's logo hung on the place's wall (a copy of the backdrop): fitted inside the sign's box, in the room's
 * light and as soft as the wall around it. Undefined when the logo cannot be read (the corner logo's warning follows).
 */
async function hangLogo(rgb: Buffer, W: number, H: number, logo: Buffer, sign: NonNullable<SceneBackdrop['logoSign']>): Promise<Buffer | undefined> {
  try {
    let mark = sharp(logo, { limitInputPixels: 4_000_000 }).resize(Math.max(1, Math.round(sign.width)), Math.max(1, Math.round(sign.height)), { fit: 'inside' }).ensureAlpha();
    if (sign.blur >= 0.3) mark = mark.blur(sign.blur);
    const { data, info } = await mark.raw().toBuffer({ resolveWithObject: true });
    // In the room's light: a printed board is lit like the panels around it.
    for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) data[i + c] = data[i + c]! * sign.light;
    const left = Math.round(sign.left + (sign.width - info.width) / 2);
    const top = Math.round(sign.top + (sign.height - info.height) / 2);
    return await sharp(rgb, { raw: { width: W, height: H, channels: 3 } })
      .composite([{ input: data, raw: { width: info.width, height: info.height, channels: 4 }, left, top }])
      .removeAlpha()
      .raw()
      .toBuffer();
  } catch {
    return undefined;
  }
}

export async function composeCar(photo: DecodedPhoto, mask: CleanMask, plate: BackgroundPlate | SceneSource, options: ComposeOptions): Promise<Composed> {
  const warnings: string[] = [];
  const { box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  // RGBA crop of the car; its soft rim unmixed from the old background, so that does not fringe the new one.
  const rgba = carLayer(photo, mask);
  const { width: W, height: H, floorY } = plate;
  // One camera distance for every angle, as on a turntable: the car is drawn at the same height whichever side it
  // shows (its height is the one size every view shares), so a gallery does not look as if the photographer walked
  // closer for the front. Only a view too long for the frame at that height (a low car's side) is drawn smaller.
  const asShot = 'draw' in plate && plate.framing === 'photo';
  const framed = asShot ? asShotFraming(photo, box, W, H) : undefined;
  const scale = framed ? framed.scale : Math.min(studioScale(bw, bh, plate), (floorY - 0.1 * H) / bh);
  const cw = Math.max(1, Math.round(bw * scale));
  const ch = Math.max(1, Math.round(bh * scale));
  let car = sharp(rgba, { raw: { width: bw, height: bh, channels: 4 } }).resize(cw, ch, { kernel: 'lanczos3' });
  if (options.mirror) car = car.flop();
  const left = framed ? Math.round(framed.left + box.left * scale) : Math.round((W - cw) / 2);
  const top = framed ? Math.round(framed.top + box.top * scale) : floorY - ch;
  // The farthest tyre's contact (the rear tyre of a corner view), from the car at the photo's size: the ground under
  // it is drawn in focus too.
  const far = 'draw' in plate && !asShot ? farTyreRow(rgba, bw, bh) : undefined;
  const farContactRow = far !== undefined && far < bh - 1 ? top + Math.round(far * scale) : undefined;
  // The car is resized (libvips threads) while the backdrop is drawn: neither needs the other.
  const [carRgba, backdrop] = await Promise.all([
    car.raw().toBuffer(),
    'draw' in plate ? plate.draw({ width: W, height: H, left, top, cw, ch, scale, mirror: options.mirror, contactRow: top + ch, ...(farContactRow !== undefined ? { farContactRow } : {}) }) : Promise.resolve<SceneBackdrop | BackgroundPlate>(plate),
  ]);
  const scene = 'scene' in backdrop ? backdrop : undefined;
  // The car's colours: a gray-world correction of the photo, then toward the scene's light (adjusted, never repainted).
  if (!scene?.keepCarColour) {
    const gains = colourGains(photo, mask);
    if (scene?.light) for (let c = 0; c < 3; c++) gains[c] = gains[c]! * scene.light.exposure;
    const tint = scene?.light?.tint ?? [1, 1, 1];
    const { away, fromRight } = scene?.light ? keyLightFalloff(scene.light) : { away: 0, fromRight: true };
    const glow = scene?.light ? lowSunGlow(scene.light) : undefined;
    // Per column: the fall-off away from the key light, the light's colour (the scene's tint and a low sun's glow) as a
    // share added to each channel, and the most levels it may add there.
    const fall = new Float32Array(cw), cast = new Float32Array(cw), colour = [new Float32Array(cw), new Float32Array(cw), new Float32Array(cw)];
    for (let x = 0; x < cw; x++) {
      // Across the car, toward the side away from the key light: 1 at the lit end, 1 - away at the other.
      const t = cw > 1 ? x / (cw - 1) : 0.5;
      fall[x] = 1 - away * (fromRight ? 1 - t : t);
      // A low sun's colour: fully at the end toward it, fading toward the other (where farEnd of it remains); as much
      // of it as the light falls across the car (a sun behind the camera: MAX_LIGHT_CAST all over).
      const toSun = glow?.fromRight ? t : 1 - t;
      const g = glow ? glow.farEnd + (1 - glow.farEnd) * toSun : 0;
      cast[x] = glow ? glow.farEnd * MAX_LIGHT_CAST + (1 - glow.farEnd) * glow.cast * (SUN_CAST_FAR + (1 - SUN_CAST_FAR) * toSun) : MAX_LIGHT_CAST;
      for (let c = 0; c < 3; c++) colour[c]![x] = tint[c]! * (glow ? 1 + (glow.gains[c]! - 1) * g : 1) - 1;
    }
    const [cr, cg, cb] = colour as [Float32Array, Float32Array, Float32Array];
    const [gr, gg, gb] = gains as [number, number, number];
    for (let i = 0, x = 0; i < carRgba.length; i += 4, x = x + 1 === cw ? 0 : x + 1) {
      const f = fall[x]!;
      const r = carRgba[i]! * gr * f, g = carRgba[i + 1]! * gg * f, b = carRgba[i + 2]! * gb * f;
      // The light's colour as levels, at most MAX_LIGHT_CAST a channel (under a low sun, MAX_SUN_CAST fading across the
      // car): on dark or mid paint the full ratio, on white or silver a warm or cool white (the ratio alone took a white
      // bonnet's red 16% above its blue: pink).
      const most = Math.max(Math.abs(r * cr[x]!), Math.abs(g * cg[x]!), Math.abs(b * cb[x]!));
      const k = most > cast[x]! ? cast[x]! / most : 1;
      carRgba[i] = litChannel(r, r * (1 + k * cr[x]!), carRgba[i]!);
      carRgba[i + 1] = litChannel(g, g * (1 + k * cg[x]!), carRgba[i + 1]!);
      carRgba[i + 2] = litChannel(b, b * (1 + k * cb[x]!), carRgba[i + 2]!);
    }
  }

  const { bottom, ground, contact, rest, tyres } = stance(carRgba, cw, ch);
  // A low sun behind the car: its side seen in shade, a rim of sunlight on its outline (after the stance, which reads
  // the tyres' dark rubber as the photo's light has it).
  const back = scene?.light && !scene.keepCarColour ? backLight(scene.light) : undefined;
  if (back) lightFromBehind(carRgba, cw, ch, back);
  // How flat a disc of ground looks at a row: from the scene's camera where there is one.
  const camera = scene?.scene;
  const flatten = camera && camera.focalPx > 0 ? (row: number) => Math.min(0.6, Math.max(0.05, (row - camera.horizonRow) / camera.focalPx)) : undefined;
  const light = scene?.light;
  const shadow = groundShadow(bottom, ground, ch, left, top, W, H, rest, contact, tyres, flatten, light?.pool ? 0.5 : 1, light?.pool ? 1.25 * light.pool.reach * ch : Infinity, light ? 1 - Math.min(1, light.dominance) : 0.5, !scene?.groundCover);
  shadeUnderCar(shadow, carRgba, cw, ch, left, top, W);
  // How flat the ground looks at the car's distance (rows of ground per column of width).
  const groundFactor = scene?.scene.cameraHeight && scene.scene.carDistance ? scene.scene.cameraHeight / scene.scene.carDistance : 0.3;
  // The contact shadow's blur runs in libvips while the cast shadow is traced; a large soft light casts a pool instead.
  const [blurred, cast] = await Promise.all([
    blurShadow(shadow, W, H, Math.max(2, ch * 0.012)),
    light ? (light.pool ? poolShadow(ground, cw, ch, left, top, W, H, light.pool, groundFactor) : castShadow(carRgba, ground, cw, ch, left, top, W, H, light, groundFactor)) : undefined,
  ]);
  const sign = scene?.logoSign && options.logo ? await hangLogo(backdrop.rgb, W, H, options.logo, scene.logoSign) : undefined;
  const canvas = sign ?? Buffer.from(backdrop.rgb);
  for (let i = 0; i < W * H; i++) {
    let k = 1 - (backdrop.shadowStrength * blurred[i]!) / 255;
    if (cast) k *= 1 - cast.strength * cast.soft[i]!;
    if (k < 1) {
      canvas[3 * i] = canvas[3 * i]! * k;
      canvas[3 * i + 1] = canvas[3 * i + 1]! * k;
      canvas[3 * i + 2] = canvas[3 * i + 2]! * k;
    }
  }
  if (backdrop.reflection > 0) reflect(canvas, carRgba, bottom, ground, ch, left, top, W, H, backdrop.reflection);
  // The ground as it lies under the car (shaded), for the cover drawn over the tyres' bottoms once the car is placed:
  // taken before the crease, which the grass stands in front of (from the crease, the grass over the tyres was black).
  const groundRgb = scene?.groundCover ? Buffer.from(canvas) : undefined;
  if (scene?.contactLine) contactCrease(canvas, contact, rest, left, top, W, H, scene.contactLine, ch);
  const carAlpha = new Uint8Array(W * H);
  for (let y = 0; y < ch; y++)
    for (let x = 0; x < cw; x++) {
      const cy = top + y, cx = left + x;
      if (cy < 0 || cy >= H || cx < 0 || cx >= W) continue;
      const s = 4 * (y * cw + x);
      const a = carRgba[s + 3]! / 255;
      if (a === 0) continue;
      const d = 3 * (cy * W + cx);
      canvas[d] = carRgba[s]! * a + canvas[d]! * (1 - a);
      canvas[d + 1] = carRgba[s + 1]! * a + canvas[d + 1]! * (1 - a);
      canvas[d + 2] = carRgba[s + 2]! * a + canvas[d + 2]! * (1 - a);
      carAlpha[cy * W + cx] = carRgba[s + 3]!;
    }
  // Ground cover in pixels: a car of CAR_HEIGHT metres is ch pixels tall at its distance.
  const groundCover = groundRgb && scene?.groundCover ? coverTyres(canvas, groundRgb, carRgba, contact, rest, cw, left, top, W, H, (scene.groundCover * ch) / CAR_HEIGHT) : 0;
  let rgb = canvas;
  if (options.logo && !sign) {
    try {
      const logo = await sharp(options.logo, { limitInputPixels: 4_000_000 }).resize(200, 100, { fit: 'inside', withoutEnlargement: true }).png().toBuffer({ resolveWithObject: true });
      rgb = await sharp(canvas, { raw: { width: W, height: H, channels: 3 } })
        .composite([{ input: logo.data, left: W - logo.info.width - 36, top: H - logo.info.height - 32 }])
        .removeAlpha()
        .raw()
        .toBuffer();
    } catch {
      warnings.push('The dealer logo could not be read and was left out.');
    }
  }
  return { rgb, width: W, height: H, carAlpha, carScale: scale, warnings, groundCover, ...(scene ? { scene: scene.scene } : {}) };
}
