/**
 * Rear views are called rear, never front, on real photos: the committed ones (tests/fixtures/vision) and the
 * turntable frames of ../shared/fixtures/angles (read-only, never committed). Real models: the COCO detector and the
 * product's cut-out (tests/vision/real-photo-vision.ts).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decoded, fixture, useLocalVision } from './real-photo-vision';

const ANGLES_DIR = resolve(import.meta.dirname, '../../../shared/fixtures/angles');
const vision = useLocalVision();

describe('rear views on real photos', () => {
  it.each(['toyota-camry-white-rear-street.jpg', 'lexus-es-champagne-rear-street.jpg'])('%s: a real rear photo is called rear, never front', async (name) => {
    const look = await vision.look(await decoded(fixture(name)));
    expect(look).toMatchObject({ ok: true, angle: 'rear' });
  }, 60_000);

  it('rear views of the turntable frames of ../shared/fixtures/angles are not called front', async () => {
    expect(existsSync(ANGLES_DIR), `${ANGLES_DIR} is needed (it is beside the repository here and on CI)`).toBe(true);
    const rears = [resolve(ANGLES_DIR, 'changan-cs55/cs55_f12_rear.png'), ...readdirSync(resolve(ANGLES_DIR, 'toyota-corolla')).filter((f) => f.endsWith('_rear.png')).slice(0, 3).map((f) => resolve(ANGLES_DIR, 'toyota-corolla', f))];
    for (const file of rears) {
      const look = await vision.look(await decoded(readFileSync(file)));
      expect(look.ok, file).toBe(true);
      expect(look.ok && look.angle, file).not.toBe('front');
    }
  }, 120_000);
});
