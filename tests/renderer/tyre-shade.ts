/**
 * Each tyre's contact shade (issue 38): where the car's tyres touch the ground in a rendered image, and how much darker
 * the compositor made the ground right under each and beside it than the scene drawn without the car.
 */
import type { Angle } from '@shared/angles';
import type { Background } from '@shared/backgrounds';
import type { SceneChoice } from '../../functions/src/renderer/port';
import type { PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { composeCar, type SceneSource } from '../../functions/src/renderer/local/compositor';
import { sceneBackdrop } from '../../functions/src/renderer/scenes/scene-backdrop';
import { STAGE } from '../../functions/src/renderer/scenes/rendered-studio';
import { lowestRows, lumaOf } from './ground-probes';

/** One tyre's contact with the ground in a rendered image, and how much the compositor darkened the ground there. */
export interface TyreShade {
  /** The contact's column and row (the tyre's lowest car pixel). */
  x: number;
  y: number;
  /** Columns across the tyre's bottom (where its outline stays within 3% of the car's height of the contact). */
  width: number;
  /** The image over the scene alone (no car, no shadow), right under the tyre: 2 to 5 rows below its contact. */
  under: number;
  /** The same, on the same rows one to two tyre widths beside it, away from the car's middle. */
  beside: number;
}

/**
 * The tyres the car stands on: where its outline touches its lower hull (the ground line through its lowest points)
 * with a round bottom (the outline climbing on both sides, within the car: a tyre, not a bumper's corner at its end),
 * no wider than a fifth of the car.
 */
export function tyresOf(alpha: Uint8Array, W: number, H: number): Array<{ x: number; y: number; width: number }> {
  const lowest = lowestRows(alpha, W, H);
  const columns = [...lowest.keys()].filter((x) => lowest[x]! >= 0);
  const [carLeft, carRight] = [Math.min(...columns), Math.max(...columns)];
  const topRow = Math.floor(alpha.findIndex((a) => a >= 128) / W);
  const carHeight = Math.max(...lowest) - topRow;
  const hull: number[] = [];
  for (let x = carLeft; x <= carRight; x++) {
    if (lowest[x]! < 0) continue;
    while (hull.length >= 2) {
      const a = hull[hull.length - 2]!, b = hull[hull.length - 1]!;
      if ((b - a) * (lowest[x]! - lowest[a]!) - (lowest[b]! - lowest[a]!) * (x - a) >= 0) hull.pop();
      else break;
    }
    hull.push(x);
  }
  const groundAt = new Float32Array(W).fill(-1);
  for (let i = 0; i + 1 < hull.length; i++) {
    const a = hull[i]!, b = hull[i + 1]!;
    for (let x = a; x <= b; x++) groundAt[x] = lowest[a]! + ((lowest[b]! - lowest[a]!) * (x - a)) / Math.max(1, b - a);
  }
  const rise = 0.03 * carHeight;
  const tyres: Array<{ x: number; y: number; width: number }> = [];
  for (let x = carLeft; x <= carRight; x++) {
    if (lowest[x]! < 0 || groundAt[x]! - lowest[x]! > 1.5) continue;
    let end = x;
    while (end + 1 <= carRight && lowest[end + 1]! >= 0 && groundAt[end + 1]! - lowest[end + 1]! <= 1.5) end++;
    let c = x;
    for (let k = x; k <= end; k++) if (lowest[k]! > lowest[c]!) c = k;
    x = end;
    const y = lowest[c]!;
    let l = c, r = c;
    while (l - 1 >= carLeft && lowest[l - 1]! >= y - rise) l--;
    while (r + 1 <= carRight && lowest[r + 1]! >= y - rise) r++;
    if (l <= carLeft || r >= carRight) continue;
    const width = r - l + 1;
    if (width >= 6 && width <= 0.2 * (carRight - carLeft)) tyres.push({ x: c, y, width });
  }
  return tyres;
}

/** How much darker each tyre's ground is than the scene drawn without the car (image and backdrop: raw RGB). */
export function tyreShadeOf(alpha: Uint8Array, image: Buffer, backdrop: Buffer, W: number, H: number): TyreShade[] {
  const luma = lumaOf(image, W), bare = lumaOf(backdrop, W);
  let sumX = 0, n = 0;
  for (let i = 0; i < W * H; i++) if (alpha[i]! >= 128) (sumX += i % W), n++;
  const middle = sumX / Math.max(1, n);
  const ratio = (xs: number[], y: number) => {
    let a = 0, b = 0;
    for (const x of xs) for (let cy = y + 2; cy <= Math.min(H - 1, y + 5); cy++) if (x >= 0 && x < W && alpha[cy * W + x]! === 0) (a += luma(x, cy)), (b += bare(x, cy));
    return b > 0 ? a / b : NaN;
  };
  return tyresOf(alpha, W, H).map(({ x, y, width }) => {
    const under = ratio(Array.from({ length: Math.round(width / 2) + 1 }, (_, k) => Math.round(x - width / 4) + k), y);
    const away = x < middle ? -1 : 1;
    const beside = ratio(Array.from({ length: width + 1 }, (_, k) => Math.round(x + away * (width + k))), y);
    return { x, y, width, under, beside };
  });
}

/** The prepared photo composed for `angle` in `style` (its own angle unmirrored), with the scene drawn without the car. */
export async function composeWithBackdrop(prepared: PreparedPhoto, style: Background, scene: SceneChoice | undefined, angle: Angle = prepared.angle, mirror = false) {
  const source = await sceneBackdrop(style, angle, scene, { photo: prepared.photo, mask: prepared.mask, ...STAGE });
  if (!source) throw new Error(`${style} has no backdrop here (SCENES_DIR?)`);
  let bare: Buffer | undefined;
  const capturing: SceneSource = { ...source, draw: async (placement) => {
    const drawn = await source.draw(placement);
    bare = Buffer.from(drawn.rgb);
    return drawn;
  } };
  const composed = await composeCar(prepared.photo, prepared.mask, capturing, { mirror });
  return { composed, bare: bare! };
}

/** Each tyre's shade in `style` (see TyreShade). */
export async function tyreShade(prepared: PreparedPhoto, style: Background, scene: SceneChoice | undefined): Promise<TyreShade[]> {
  const { composed, bare } = await composeWithBackdrop(prepared, style, scene);
  return tyreShadeOf(composed.carAlpha, composed.rgb, bare, composed.width, composed.height);
}
