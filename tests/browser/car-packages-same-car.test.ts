import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { generateButton } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const car = (name: string) => join(import.meta.dirname, '../fixtures/cars', name);
const X3 = 'bmw-x3-blue-front34-parked-4540px.jpg';
const IONIQ = 'hyundai-ioniq5-silver-front34-grass.jpg';

describe('same car, or say so', () => {
  it.each([1280, 375])('%i px: a blue BMW and a silver Hyundai in one package: the odd one is flagged and Generate waits until it is removed or confirmed', async (width) => {
    const { page } = await signedInDealer(session.browser, session.url, { name: `same-car-${width}`, viewport: { width, height: 900 }, page: '/dashboard/car-packages?tab=upload' });
    await page.getByLabel('Car Name / Description').fill('2018 BMW X3 M40i');
    const thumbnails = page.getByTestId('photo-thumbnail');
    await page.getByTestId('photo-input').setInputFiles([car(X3), car(IONIQ)]);
    await expect.poll(() => thumbnails.count()).toBe(2);
    await expect.poll(() => page.getByTestId('angle-suggested').count(), { timeout: 120_000 }).toBe(2);

    // The second photo is the odd one (the first photo's car is the package's); the first is not flagged.
    const flag = thumbnails.nth(1).getByTestId('different-car');
    await flag.getByText(CAR_CHECK_MESSAGES.differentCar).waitFor();
    expect(await thumbnails.nth(0).getByTestId('different-car').count()).toBe(0);
    await page.getByText(CAR_CHECK_MESSAGES.differentCarsBlock(1)).waitFor();
    expect(await generateButton(page).isDisabled()).toBe(true);
    // Enter in the name field does not get round it.
    await page.getByLabel('Car Name / Description').press('Enter');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await thumbnails.nth(1).scrollIntoViewIfNeeded();
    await screenshot(page, { path: `test-results/car-packages-same-car-flagged-${width}.png`, fullPage: true });

    // Removed: Generate is free again.
    await page.getByRole('button', { name: `Remove ${IONIQ}` }).click();
    await expect.poll(() => generateButton(page).isDisabled()).toBe(false);
    expect(await page.getByText(CAR_CHECK_MESSAGES.differentCarsBlock(1)).count()).toBe(0);

    // Added again and confirmed by the dealer: Generate is free, the photo says it was confirmed.
    await page.getByTestId('photo-input').setInputFiles([car(IONIQ)]);
    const again = thumbnails.nth(1).getByTestId('different-car');
    await again.getByText(CAR_CHECK_MESSAGES.differentCar).waitFor({ timeout: 120_000 });
    expect(await generateButton(page).isDisabled()).toBe(true);
    await again.getByRole('button', { name: 'It is the same car' }).click();
    await again.getByText('You confirmed this is the same car.').waitFor();
    expect(await generateButton(page).isDisabled()).toBe(false);
  }, 360_000);
});
