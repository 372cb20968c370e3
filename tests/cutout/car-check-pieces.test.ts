/**
 * The car check (functions/src/renderer/checks/car-checks.ts) on a drawn photo of a web photo's fault: a piece of a
 * car behind left standing over the main car's bonnet where the other-car step split it (a dark E-Class's roof and
 * windscreen beside a white Mercedes SL's windscreen, inside the detector's box).
 */
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { checkCar } from '../../functions/src/renderer/checks/car-checks';
import { solidExtent, type CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { drawnCars, softenOutline, type Paint } from './drawn-cars';

const W = 420;
const H = 240;
const WHITE = [236, 236, 238];
const DARK = [40, 48, 58];
const GROUND = [120, 118, 112];

/**
 * A white coupé seen from its side, facing right: boot and rear deck, a cabin whose windscreen slopes from the roof
 * (row 70) down to the bonnet (row 120 at x 260), a long bonnet to x 390, two dark wheels.
 */
const coupe: Paint = (x, y) => {
  if (x < 30 || x >= 390 || y >= 205) return undefined;
  const wheel = (cx: number) => (x - cx) ** 2 + (y - 185) ** 2 < 20 ** 2;
  if (wheel(90) || wheel(330)) return DARK;
  if (y >= 120 && y < 185) return WHITE;
  // The cabin: its rear window from (110, 110) up to the roof at x 130, the roof to x 200, the windscreen down to x 260.
  const top = x < 130 ? 110 - x + 110 : x < 200 ? 70 : 70 + ((x - 200) * 50) / 60;
  return x >= 100 && x < 260 && y >= top && y < 120 ? WHITE : undefined;
};

/** u2netp's outline is soft: the cut-out's edge pixels half solid (what a clean-up cuts afterwards is hard). */
function soften(mask: CleanMask): CleanMask {
  softenOutline(mask.alpha, mask.width, mask.height);
  return mask;
}

const withBox = (mask: CleanMask): CleanMask => {
  const { box, area } = solidExtent(mask.alpha, mask.width, mask.height);
  return { ...mask, box, areaFraction: area / (mask.width * mask.height) };
};

/** The detector's box round the main car (fractions of the frame), its top at `top` (pixels). */
const boxFrom = (top: number) => ({ left: 28 / W, top: top / H, right: 392 / W, bottom: 206 / H });

describe('the car check: a piece of a car behind left at a cut', () => {
  it('a piece of a dark car behind left standing over the bonnet where the other-car step cut it asks for a review', () => {
    // A dark car parked behind: its roof and windscreen stand 24 px over the white car's bonnet, beside its windscreen.
    const behind: Paint = (x, y) => (x >= 215 && x < 340 && y >= 96 && y < 125 ? DARK : undefined);
    const { photo, mask, truth } = drawnCars(W, H, coupe, behind, GROUND);
    soften(mask);
    // The other-car step took the car behind off from column 280 on (a cut along the column, alpha 255 beside 0), and
    // left the rest standing: 24 rows of a 135-px car (18%), the bonnet going on 110 px (30% of the car) beyond it.
    for (let y = 0; y < H; y++) for (let x = 280; x < W; x++) if (!truth[y * W + x]) mask.alpha[y * W + x] = 0;
    const cut = withBox(mask);
    // The detector's box reaches over the piece too (the SL's did): no pixel above or beside it.
    const check = checkCar({ mask: cut, photo, main: boxFrom(68), angle: 'right_side', cutByEdge: false, upscale: 1.2 });
    expect(check.measures.aboveRoof).toBe(0);
    expect(check.measures.straightCut).toBeLessThan(0.2);
    expect(check.measures.cutPiece).toBeGreaterThan(0.06);
    expect(check).toMatchObject({ verdict: 'review', reasons: [CAR_CHECK_REASONS.somethingOnRoof.text] });

    // The white car alone (the split done right): looks good.
    const alone = withBox(soften({ ...cut, alpha: Uint8Array.from(truth, (t) => t * 255) }));
    expect(checkCar({ mask: alone, photo, main: boxFrom(68), angle: 'right_side', cutByEdge: false, upscale: 1.2 })).toMatchObject({ verdict: 'ok', measures: { cutPiece: 0 } });

    // The car's own rear end parted from a car behind by the same kind of cut (the truth bench's Kadjar: its pillar
    // cut where a blue car behind rose over it): its upper end erased from column 70 back, a hard cut of 17 rows in the
    // car's upper half, the car going on only 40 px (11% of its width) beyond it under the cut. The end of the car,
    // not a piece standing over it.
    const ownEnd = Uint8Array.from(alone.alpha);
    for (let y = 0; y < 150; y++) for (let x = 0; x < 70; x++) ownEnd[y * W + x] = 0;
    for (let y = 0; y < 150; y++) if (ownEnd[y * W + 70]) ownEnd[y * W + 70] = 255;
    expect(checkCar({ mask: withBox({ ...alone, alpha: ownEnd }), photo, main: boxFrom(68), angle: 'right_side', cutByEdge: false, upscale: 1.2 }).measures.cutPiece).toBe(0);
  });
});
