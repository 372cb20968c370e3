/**
 * A composite with a known truth, made from committed photos for the other-car tests: a second car, cut out of its own
 * photo by the product's cut-out and repainted blue, drawn behind the main car of another photo (only where the main
 * car is not). The truth is the main car's own cut-out, alone in its photo.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { createCutout } from '../../functions/src/renderer/cutout/create-cutout';
import type { Box, CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { decodePhoto, type DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import type { NormBox } from '../../functions/src/vision/port';

export const FIXTURES = resolve(import.meta.dirname, '../fixtures');
export const cutout = createCutout('u2netp');

export interface CarComposite {
  photo: DecodedPhoto;
  /** The main car's own cut-out (before the other car was set behind it). */
  truth: CleanMask;
  /** Pixels of the other car that show (not behind the main car). */
  otherOnly: Uint8Array;
  main: NormBox;
  /** What shows of the other car: the box a detector would draw over it. */
  other: NormBox;
}

/**
 * `place` gets the main car's box (pixels) and the other car's drawn size and answers where the other car's top left
 * goes; `width` is the other car's width as a share of the main car's; `widen` widens the main photo on the right by
 * that share of its width (its last column repeated) to make room beside the car.
 */
export async function carComposite(mainFile: string, otherFile: string, width: number, place: (main: Box, ow: number, oh: number) => { left: number; top: number }, widen = 0): Promise<CarComposite> {
  const bytes = readFileSync(resolve(FIXTURES, mainFile));
  const main = await decodePhoto(widen ? await sharp(bytes).rotate().extend({ right: Math.round(widen * (await sharp(bytes).rotate().metadata()).width!), extendWith: 'copy' }).png().toBuffer() : bytes);
  const other = await decodePhoto(readFileSync(resolve(FIXTURES, otherFile)));
  const [truth, otherMask] = [await cutout.cutOut(main), await cutout.cutOut(other)];
  const { width: W, height: H } = main;
  const mb = truth.box;
  const ob = otherMask.box;
  const ow = Math.round(width * (mb.right - mb.left));
  const oh = Math.round(((ob.bottom - ob.top) * ow) / (ob.right - ob.left));
  const region = { left: ob.left, top: ob.top, width: ob.right - ob.left, height: ob.bottom - ob.top };
  const rgb = await sharp(other.rgb, { raw: { width: other.width, height: other.height, channels: 3 } }).extract(region).resize(ow, oh).raw().toBuffer();
  const alpha = await sharp(Buffer.from(otherMask.alpha), { raw: { width: other.width, height: other.height, channels: 1 } }).extract(region).resize(ow, oh).extractChannel(0).raw().toBuffer();
  const { left, top } = place(mb, ow, oh);
  const pixels = Buffer.from(main.rgb);
  const otherOnly = new Uint8Array(W * H);
  for (let y = 0; y < oh; y++)
    for (let x = 0; x < ow; x++) {
      const X = left + x;
      const Y = top + y;
      if (X < 0 || Y < 0 || X >= W || Y >= H) continue;
      const i = Y * W + X;
      const j = y * ow + x;
      // Behind the main car: drawn only where the main car is not; repainted blue (a white car on a pale sky would be
      // left out by the cut-out itself).
      const k = (alpha[j]! / 255) * (1 - truth.alpha[i]! / 255);
      const blue = [rgb[3 * j]! * 0.25, rgb[3 * j + 1]! * 0.35, rgb[3 * j + 2]!];
      for (let c = 0; c < 3; c++) pixels[3 * i + c] = Math.round(pixels[3 * i + c]! * (1 - k) + blue[c]! * k);
      if (alpha[j]! >= 128 && truth.alpha[i]! < 128) otherOnly[i] = 1;
    }
  const photo = await decodePhoto(await sharp(pixels, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer());
  let l = W, t = H, r = 0, b = 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (otherOnly[y * W + x]) (l = Math.min(l, x)), (r = Math.max(r, x + 1)), (t = Math.min(t, y)), (b = Math.max(b, y + 1));
  return { photo, truth, otherOnly, main: { left: mb.left / W, top: mb.top / H, right: mb.right / W, bottom: mb.bottom / H }, other: { left: l / W, top: t / H, right: r / W, bottom: b / H } };
}

/** Shares of the other car's showing pixels and of the main car's that a mask keeps. */
export function keptOf(scene: Pick<CarComposite, 'truth' | 'otherOnly'>, mask: CleanMask): { other: number; car: number } {
  let other = 0, otherAll = 0, car = 0, carAll = 0;
  for (let i = 0; i < mask.alpha.length; i++) {
    const on = mask.alpha[i]! >= 128;
    if (scene.otherOnly[i]) (otherAll++, on && other++);
    if (scene.truth.alpha[i]! >= 128) (carAll++, on && car++);
  }
  return { other: other / otherAll, car: car / carAll };
}
