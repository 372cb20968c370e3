import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const IONIQ = join(import.meta.dirname, '../fixtures/cars/hyundai-ioniq5-silver-front34-grass.jpg');

/**
 * The same photo of the car as a dealer holding the phone upright takes it: a 3:4 portrait, the car across its width,
 * the rest of the frame the scene round it (here its own blurred copy). The car check reads its look through a square
 * squeezed the other way, which put it as far from the landscape photo's look as another car's (shared/same-car.ts
 * LOOK_SQUEEZE_RATIO).
 */
async function portraitCopy(): Promise<string> {
  const bytes = await readFile(IONIQ);
  const { width, height: carHeight } = await sharp(bytes).metadata();
  const height = Math.round((width! * 4) / 3);
  const scene = await sharp(bytes).resize(width!, height, { fit: 'cover' }).blur(20).toBuffer();
  const path = join(await mkdtemp(join(tmpdir(), 'portrait-')), 'ioniq-upright.jpg');
  await writeFile(path, await sharp(scene).composite([{ input: bytes, left: 0, top: Math.round((height - carHeight!) / 2) }]).jpeg({ quality: 90 }).toBuffer());
  return path;
}

describe('same car, or say so: one car in landscape and in portrait', () => {
  it('375 px: the same car photographed upright beside a landscape photo of it is not taken for another car', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'portrait', viewport: { width: 375, height: 812 }, page: '/dashboard/car-packages?tab=upload' });
    await page.getByLabel('Car Name / Description').fill('2022 Hyundai Ioniq 5');
    await page.getByTestId('photo-input').setInputFiles([IONIQ, await portraitCopy()]);
    await expect.poll(() => page.getByTestId('angle-suggested').count(), { timeout: 60_000 }).toBe(2);
    // Both photos checked, each with its car found: neither is flagged as a different car.
    expect(await page.getByTestId('photo-refused').count()).toBe(0);
    expect(await page.getByTestId('different-car').count()).toBe(0);
    expect(await page.getByText(CAR_CHECK_MESSAGES.differentCar).count()).toBe(0);
    await screenshot(page, { path: 'test-results/car-packages-portrait-375.png', fullPage: true });
  }, 120_000);
});
