import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_MESSAGES, CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { generateButton } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const fixture = (dir: string, name: string) => join(import.meta.dirname, '../fixtures', dir, name);
const IONIQ = 'hyundai-ioniq5-silver-front34-grass.jpg';
const BMW_2002 = 'bmw-2002-silver-front34-grass.jpg';
const ACURA = fixture('vision', 'acura-tl-blue-side-lot.jpg');

/**
 * A car of the Acura's silver paint with other proportions: its side photo narrowed to two thirds of its width, a
 * shorter, taller car (as an SUV is beside a saloon). The paint is the same to the pixel, so only the shape can tell.
 */
async function shorterSilverCar(): Promise<string> {
  const { width, height } = await sharp(ACURA).metadata();
  const path = join(await mkdtemp(join(tmpdir(), 'same-colour-')), 'silver-car-two-thirds-as-long.jpg');
  await writeFile(path, await sharp(ACURA).resize({ width: Math.round(width! * 0.66), height: height!, fit: 'fill' }).jpeg({ quality: 90 }).toBuffer());
  return path;
}

describe('same car, or say so: two cars of the same colour', () => {
  it('1280 px: two silver cars in one package: the second is flagged, and the form says which photo of the same angle is used and which is left out', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'same-colour', viewport: { width: 1280, height: 900 }, page: '/dashboard/car-packages?tab=upload' });
    await page.getByLabel('Car Name / Description').fill('2022 Hyundai Ioniq 5');
    const thumbnails = page.getByTestId('photo-thumbnail');
    const odd = (i: number) => thumbnails.nth(i).getByTestId('different-car');

    // Two real silver cars from their front left corners.
    await page.getByTestId('photo-input').setInputFiles([fixture('cars', IONIQ), fixture('cars', BMW_2002)]);
    await expect.poll(() => page.getByTestId('angle-suggested').count(), { timeout: 60_000 }).toBe(2);
    await odd(1).getByText(CAR_CHECK_MESSAGES.differentCar).waitFor();
    expect(await odd(0).count()).toBe(0);
    // Both give the Front Left Corner: the first is used, the second is said to be left out.
    expect(await page.getByRole('combobox', { name: 'Angle of photo 2' }).textContent()).toBe('Front Left Corner');
    await thumbnails.nth(1).getByTestId('photo-left-out').getByText(CAR_PACKAGE_MESSAGES.photoLeftOut('Front Left Corner', 1)).waitFor();
    expect(await thumbnails.nth(0).getByTestId('photo-left-out').count()).toBe(0);
    const tile = page.locator('[data-testid=coverage-angle][data-angle=front_left_corner]');
    expect(await tile.getAttribute('data-photo')).toBe('0');
    expect(await tile.textContent()).toContain(`Photo 1 (suggested); ${CAR_PACKAGE_MESSAGES.anglePhotosLeftOut([2])}`);
    expect(await generateButton(page).isDisabled()).toBe(true);
    await screenshot(page, { path: 'test-results/car-packages-same-colour-1280.png', fullPage: true });
    for (const name of [BMW_2002, IONIQ]) await page.getByRole('button', { name: `Remove ${name}` }).click();

    // The same silver paint on a shorter, taller car, both from the right side: only the shape tells them apart.
    const shorter = await shorterSilverCar();
    await page.getByTestId('photo-input').setInputFiles([ACURA, shorter]);
    await expect.poll(() => page.getByTestId('angle-suggested').count(), { timeout: 60_000 }).toBe(2);
    await odd(1).getByText(CAR_CHECK_MESSAGES.differentCar).waitFor();
    expect(await odd(0).count()).toBe(0);
    await page.getByText(CAR_CHECK_MESSAGES.differentCarsBlock(1)).waitFor();
    expect(await generateButton(page).isDisabled()).toBe(true);
    await screenshot(page, { path: 'test-results/car-packages-same-colour-shape-1280.png', fullPage: true });
  }, 120_000);
});
