import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { clickGenerate } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * Issue 41, items 1 and 2, in the browser: a VIN typed in the package form is decoded offline and names the car, the
 * package shows its VIN and stock number, the gallery finds the car by the VIN's last 6 characters, and the same VIN
 * typed again is pointed out ("This car already has a package: open it"). Screenshots at 1280 and 375 px.
 */
const session = useBrowserSession();
const CUPRA = join(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg');
const VIN = '1HGCM82633A004352';
const NAME = '2003 Honda Accord EX-V6';

describe('VIN in the form, found in the gallery', () => {
  it('decodes the typed VIN into the name, starts the package, finds it by the last 6 characters, and points out the same VIN again', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'vin', viewport: { width: 1280, height: 900 }, page: '/dashboard/car-packages?tab=upload' });

    // Half typed: counted, not refused yet. Then a letter a VIN never has: refused with the reason.
    const vinField = page.getByLabel('VIN (optional)');
    await vinField.fill('1hgcm8');
    await page.getByText(INVENTORY_MESSAGES.vinTyped(6)).waitFor();
    await vinField.fill('1HGCM82633A0O4352');
    await page.getByText(INVENTORY_MESSAGES.vinCharacters(['O'])).waitFor();
    // Typed as a dealer may type it: lower case. The name fills itself from the decoded VIN.
    await vinField.fill(VIN.toLowerCase());
    await page.getByTestId('vin-decoded').getByText(INVENTORY_MESSAGES.decodedAs(NAME)).waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByLabel('Car Name / Description').inputValue()).toBe(NAME);
    expect(await page.getByTestId('vin-duplicate').count()).toBe(0);
    await page.getByLabel('Stock number (optional)').fill('A1234');
    await page.getByTestId('photo-input').setInputFiles([CUPRA]);
    await page.getByTestId('photo-thumbnail').first().getByTestId('angle-suggested').waitFor({ timeout: 120_000 });
    await clickGenerate(page);

    // The package's page shows the car's VIN, stock number and what the VIN decoded to.
    const detail = page.getByTestId('package-detail');
    await detail.getByRole('heading', { name: NAME }).waitFor({ timeout: 60_000 });
    const identity = detail.getByTestId('package-car-identity');
    expect(await identity.textContent()).toContain(VIN);
    expect(await identity.textContent()).toContain('A1234');
    expect(await identity.textContent()).toContain('Honda');
    await screenshot(page, { path: 'test-results/vin-package-detail-1280.png' });

    // The gallery finds the car by the VIN's last 6 characters, and nothing for a VIN it does not have.
    await page.goto(`${session.url}/dashboard/car-packages`);
    const search = page.getByRole('searchbox', { name: INVENTORY_MESSAGES.searchLabel });
    await search.fill('999999');
    await page.getByTestId('gallery-no-match').waitFor();
    await search.fill(VIN.slice(-6));
    const cards = page.getByTestId('package-card');
    await cards.filter({ hasText: NAME }).waitFor();
    expect(await cards.count()).toBe(1);
    expect(await cards.first().getByTestId('package-card-ids').textContent()).toContain(VIN);
    await screenshot(page, { path: 'test-results/vin-gallery-search-1280.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, { path: 'test-results/vin-gallery-search-375.png', fullPage: true });

    // The same VIN in the form again: pointed out, with a link that opens the package.
    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    await page.getByLabel('VIN (optional)').fill(VIN);
    const duplicate = page.getByTestId('vin-duplicate');
    await duplicate.waitFor({ timeout: 60_000 });
    expect(await duplicate.textContent()).toContain(INVENTORY_MESSAGES.vinOnAnotherPackage);
    await screenshot(page, { path: 'test-results/vin-form-duplicate-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, { path: 'test-results/vin-form-duplicate-1280.png', fullPage: true });
    await duplicate.getByRole('link', { name: INVENTORY_MESSAGES.openIt }).click();
    await page.getByTestId('package-detail').getByRole('heading', { name: NAME }).waitFor();
  }, 300_000);
});
