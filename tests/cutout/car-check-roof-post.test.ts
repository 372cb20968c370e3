/**
 * The car check's post on the roof (functions/src/renderer/checks/car-checks.ts, `roofPost`), on a committed photo:
 * the fault of a parking-lot photo (eu-test_036: a sign's pale post standing behind a dark Skoda, its foot kept on the
 * roof as a wart 6 px wide, the card saying "Looks good") drawn on the Lexus seen from behind: a post drawn on the
 * photo from the frame's top down to the middle of the roof, its lowest rows kept in the cut-out. The roof's own parts
 * of the same size are not flagged: a shark fin in the car's colour, an aerial ending against the background, a whip
 * aerial thinner than a post; nor a piece as wide as a pillar (a close-up's pillars left standing under its lost roof).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar, type PhotoPixels } from '../../functions/src/renderer/checks/car-checks';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import type { CutoutPhoto } from '../../functions/src/renderer/cutout/port';
import { U2netpCutout } from '../../functions/src/renderer/cutout/u2netp-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';

const FIXTURE = resolve(import.meta.dirname, '../fixtures/vision/lexus-es-champagne-rear-street.jpg');

const PAD = 40;
let photo: CutoutPhoto;
let cut: CleanMask;
/** The piece's first column (in the middle of the roof's highest stretch), its width, and the roof's top row there. */
let x0: number;
let pw: number;
let roofTop: number;
/** The piece's height: 6% of the car's height (eu-test_036's wart: 6.4%). */
let rise: number;

beforeAll(async () => {
  const shot = await decodePhoto(readFileSync(FIXTURE));
  const made = await new U2netpCutout().cutOut(shot);
  // The Lexus's roof is 17 px under the photo's top: PAD rows of the photo's top row are added above it, room for a
  // post to rise over the roof within the frame.
  const w = shot.width;
  const rgb = Buffer.alloc(w * (shot.height + PAD) * 3);
  for (let y = 0; y < PAD; y++) rgb.set(shot.rgb.subarray(0, 3 * w), 3 * y * w);
  rgb.set(shot.rgb.subarray(0, 3 * w * shot.height), 3 * PAD * w);
  photo = { ...shot, rgb, height: shot.height + PAD };
  const padded = new Uint8Array(w * photo.height);
  padded.set(made.alpha, PAD * w);
  const extent = solidExtent(padded, w, photo.height);
  cut = { ...made, alpha: padded, height: photo.height, box: extent.box, areaFraction: extent.area / (w * photo.height) };
  const { box } = cut;
  const bw = box.right - box.left;
  // The roof: the longest stretch of columns within 2 px of the outline's highest row; the piece stands in its middle.
  const tops: number[] = [];
  for (let x = box.left; x < box.right; x++) {
    let y = box.top;
    while (y < box.bottom && cut.alpha[y * cut.width + x]! < 128) y++;
    tops.push(y);
  }
  const highest = Math.min(...tops);
  let best = 0;
  let at = 0;
  for (let c = 0, run = 0; c < tops.length; c++) {
    run = tops[c]! <= highest + 2 ? run + 1 : 0;
    if (run > best) (best = run), (at = box.left + c - Math.floor(run / 2));
  }
  pw = Math.max(3, Math.round(0.02 * bw));
  x0 = at - Math.floor(pw / 2);
  roofTop = photo.height;
  for (let x = x0; x < x0 + pw; x++) for (let y = box.top; y < box.bottom; y++) if (cut.alpha[y * cut.width + x]! >= 128) {
    roofTop = Math.min(roofTop, y);
    break;
  }
  rise = Math.round(0.06 * (box.bottom - box.top));
}, 120_000);

/**
 * The photo with `paint` over columns [x0, x0 + width) from row `from` to the roof; the cut-out with those columns kept
 * `rise` rows over the roof.
 */
function withPiece(paint: (y: number) => readonly [number, number, number], from: number, width = pw): { mask: CleanMask; photo: PhotoPixels } {
  const rgb = Uint8Array.from(photo.rgb);
  const alpha = Uint8Array.from(cut.alpha);
  const w = photo.width;
  for (let x = x0; x < x0 + width; x++) {
    for (let y = Math.max(0, from); y < roofTop + 2; y++) rgb.set(paint(y), 3 * (y * w + x));
    for (let y = roofTop - rise; y < roofTop + 2; y++) alpha[y * w + x] = 255;
  }
  const { box, area } = solidExtent(alpha, w, photo.height);
  return { mask: { ...cut, alpha, box, areaFraction: area / (w * photo.height) }, photo: { rgb, width: w, height: photo.height } };
}

const check = ({ mask, photo }: { mask: CleanMask; photo: PhotoPixels }) => checkCar({ mask, photo, angle: 'rear', cutByEdge: false, upscale: 1.2 });
const roofColour = (): [number, number, number] => {
  const i = 3 * ((roofTop + 4) * photo.width + x0 + Math.floor(pw / 2));
  return [photo.rgb[i]!, photo.rgb[i + 1]!, photo.rgb[i + 2]!];
};

describe('the car check: a post kept on the roof', () => {
  it('the Lexus as cut out: nothing on its roof', () => {
    const c = check({ mask: cut, photo });
    expect(c.measures.roofPost).toBe(0);
    expect(c.reasons).not.toContain(CAR_CHECK_REASONS.somethingOnRoof.text);
  });

  it('a blue post behind the roof, its foot kept on the roof (the photo goes on above the cut): please check the roof', () => {
    const c = check(withPiece(() => [40, 110, 170], 0));
    expect(c.measures.roofPost).toBeGreaterThan(0.04);
    expect(c.verdict).toBe('review');
    expect(c.reasons).toContain(CAR_CHECK_REASONS.somethingOnRoof.text);
  });

  it('a piece as wide as a pillar (4% of the car\'s width, over the 3% a post may be) is not read as a post', () => {
    const c = check(withPiece(() => [40, 110, 170], 0, Math.round(0.04 * (cut.box.right - cut.box.left))));
    expect(c.measures.roofPost).toBe(0);
  });

  it('a shark fin of the same size in the roof\'s own colour, the background above it: looks as before', () => {
    const colour = roofColour();
    const c = check(withPiece(() => colour, roofTop - rise));
    expect(c.measures.roofPost).toBe(0);
    expect(c.reasons).not.toContain(CAR_CHECK_REASONS.somethingOnRoof.text);
  });

  it('a whip aerial (under 1% of the car\'s width) whose tip meets a background of its own colour is not read as a post', () => {
    // The Kadjar's aerial on the truth bench against a dark street: thin, and the photo goes on over its tip.
    const thin = Math.max(1, Math.floor(0.008 * (cut.box.right - cut.box.left)));
    expect(thin).toBeLessThan(pw);
    const c = check(withPiece(() => [40, 110, 170], 0, thin));
    expect(c.measures.roofPost).toBe(0);
    expect(c.reasons).not.toContain(CAR_CHECK_REASONS.somethingOnRoof.text);
  });

  it('a black aerial ending against the background (an edge at its tip): looks as before', () => {
    const c = check(withPiece(() => [12, 12, 14], roofTop - rise));
    expect(c.measures.roofPost).toBe(0);
    expect(c.reasons).not.toContain(CAR_CHECK_REASONS.somethingOnRoof.text);
  });
});
