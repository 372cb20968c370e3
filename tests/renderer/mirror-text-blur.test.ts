/**
 * A mirror image's text is blurred (decisions.md, turn 4): on committed photos with readable plates, the compositor's
 * mirror image of the opposite corner has its plate found and blurred, the text detector finds no text there
 * afterwards, and every other pixel of the image is the one the compositor made. A photographed angle is not touched.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MIRROR_TEXT_BLURRED } from '@shared/angles';
import { composeCar } from '../../functions/src/renderer/local/compositor';
import { preparePhotos, renderPrepared, type PreparedPhoto } from '../../functions/src/renderer/local/local-renderer';
import { renderedPlace } from '../../functions/src/renderer/scenes/rendered-studio';
import { blurTextOnCar, carBounds } from '../../functions/src/renderer/text/blur-text';
import { detectText, type TextBox } from '../../functions/src/renderer/text/text-detector';
import { car } from './bad-photos';

const PLATED = { cupra: 'cupra-born-grey-front34-street.jpg', ioniq: 'hyundai-ioniq5-silver-front34-grass.jpg', bmw2002: 'bmw-2002-silver-front34-grass.jpg' } as const;
type Plated = keyof typeof PLATED;

const overlap = (a: Pick<TextBox, 'x' | 'y' | 'width' | 'height'>, b: Pick<TextBox, 'x' | 'y' | 'width' | 'height'>) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

describe('text on a mirror image', () => {
  const prepared = {} as Record<Plated, PreparedPhoto>;
  beforeAll(async () => {
    for (const [key, file] of Object.entries(PLATED)) prepared[key as Plated] = (await preparePhotos([{ id: key, bytes: car(file), angle: 'front_left_corner' }]))[0]!;
  }, 120_000);

  it.each(Object.keys(PLATED) as Plated[])('%s: the plate of the mirrored car is found and blurred; afterwards no text is found there, and nothing else changed', async (key) => {
    const p = prepared[key];
    const composed = await composeCar(p.photo, p.mask, renderedPlace('studio'), { mirror: true });
    const before = Buffer.from(composed.rgb);
    const found = await detectText(before, composed.width, composed.height, carBounds(composed)!);
    expect(found.length, 'text readable on the mirrored car before the blur').toBeGreaterThan(0);

    const blurred = await blurTextOnCar(composed);
    expect(blurred.length).toBeGreaterThan(0);
    // Every text region found on the car is inside what was blurred.
    for (const f of found) expect(blurred.some((b) => overlap(f, b) >= 0.9 * f.width * f.height), JSON.stringify(f)).toBe(true);
    // The detector no longer finds text where the blur went.
    const after = await detectText(composed.rgb, composed.width, composed.height, carBounds(composed)!);
    for (const a of after) for (const b of blurred) expect(overlap(a, b), JSON.stringify({ a, b })).toBeLessThan(0.2 * a.width * a.height);
    // Outside the blurred boxes, and wherever there is no car, every pixel is the compositor's.
    let changedOutside = 0;
    let changedInside = 0;
    for (let y = 0; y < composed.height; y++) {
      for (let x = 0; x < composed.width; x++) {
        const i = y * composed.width + x;
        const changed = composed.rgb[3 * i] !== before[3 * i] || composed.rgb[3 * i + 1] !== before[3 * i + 1] || composed.rgb[3 * i + 2] !== before[3 * i + 2];
        if (!changed) continue;
        const inBox = blurred.some((b) => x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height);
        if (!inBox || composed.carAlpha[i] === 0) changedOutside++;
        else changedInside++;
      }
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(100);
  }, 60_000);

  it('the renderer blurs only a mirror image, and says so on it', async () => {
    const direct = await renderPrepared([prepared.cupra], 'front_left_corner', 'studio');
    expect(direct.metadata.mirrored).toBe(false);
    expect(direct.metadata).not.toHaveProperty('blurredText');
    const mirrored = await renderPrepared([prepared.cupra], 'front_right_corner', 'studio', undefined, undefined, { fillMissingSides: true });
    expect(mirrored.metadata.mirrored).toBe(true);
    expect(mirrored.metadata.blurredText!.length).toBeGreaterThan(0);
    expect(mirrored.metadata.warnings).toContain(MIRROR_TEXT_BLURRED(mirrored.metadata.blurredText!.length));
    // In output pixels, on the car.
    for (const [x, y, w, h] of mirrored.metadata.blurredText!) {
      expect(x! + w! <= 1536 && y! + h! <= 1024).toBe(true);
      expect(mirrored.composed.carAlpha[(y! + Math.floor(h! / 2)) * 1536 + x! + Math.floor(w! / 2)]).toBeGreaterThan(0);
    }
  }, 60_000);
});
