import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { noCarScene } from '../support/car-package-photos';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { violations } from './signed-in-a11y';
import { balanceOf, carPhoto, checksDone, CUPRA, dayZip, importZip, IONIQ, openImport, packagesOf } from './car-packages-import-support';
import { screenshot } from '../support/screenshot';

/**
 * Issue 41, item 3: in an import, a refused photo is marked on its car and does not block the other cars. A car whose
 * only photo shows no car waits; a file that is not a photo is refused with the reason; a photo whose name says no car
 * waits for the dealer ("Not grouped") and is left out; a car named by its VIN is named by the decoded VIN; the two good cars start
 * for 2 credits. At 375 px, axe clean.
 */
const session = useBrowserSession();
useLocalHost();
const SHOTS = '/tmp/tb/shots-import';

describe('import many cars: refused photos', () => {
  it('a photo without a car and a file that is no photo are marked; the other cars still start', async () => {
    const { page, errors } = await signedInDealer(session.browser, session.url, { name: 'import-refused', viewport: { width: 375, height: 800 } });
    const before = await balanceOf(page);
    await openImport(page, session.url);
    const text = new TextEncoder().encode('Stock list for the day\n');
    await importZip(
      page,
      dayZip({
        'A1-1.jpg': carPhoto(CUPRA),
        'A1-2.txt': text,
        '1hgcm82633a004352_1.jpg': carPhoto(IONIQ),
        'C3-1.jpg': new Uint8Array(await noCarScene()),
        'walkaround.jpg': carPhoto(CUPRA),
        'notes.txt': text,
      }),
    );
    const cars = page.getByTestId('import-car');
    await expect.poll(() => cars.count()).toBe(3);
    // Listed by VIN or stock number: the VIN's car (digits first), A1, C3.
    expect(await cars.evaluateAll((els) => els.map((e) => e.getAttribute('data-car')))).toEqual(['1HGCM82633A004352', 'A1', 'C3']);
    const [b, a, c] = [cars.nth(0), cars.nth(1), cars.nth(2)];

    // The file that is no photo: refused on its car with the reason; the other one (no car in its name) not imported.
    expect(await a.getByTestId('import-car-refused').textContent()).toContain(`A1-2.txt: ${MESSAGES.photoTypeInvalid}`);
    expect(await page.getByTestId('import-not-sent').textContent()).toContain(`notes.txt: ${MESSAGES.photoTypeInvalid}`);
    // The photo whose name says no car: the dealer leaves it out (choosing its car: car-packages-import-credits.test.ts).
    const loose = page.getByTestId('import-not-grouped');
    expect(await loose.textContent()).toContain('walkaround.jpg');
    await loose.getByRole('combobox', { name: 'Car of walkaround.jpg' }).click();
    await page.getByRole('option', { name: IMPORT_MESSAGES.leaveOut }).click();
    expect(await page.getByTestId('import-not-grouped').count()).toBe(0);
    expect(await page.getByTestId('import-not-sent').textContent()).toContain(`walkaround.jpg: ${IMPORT_MESSAGES.leftOut}`);

    // The car named by its VIN: named by what the VIN decodes to.
    await expect.poll(() => b.getByTestId('import-car-name').inputValue(), { timeout: 30_000 }).toBe('2003 Honda Accord EX-V6');

    await checksDone(page);
    // The photo without a car: marked on its car, which cannot start; the others are ready.
    await c.getByTestId('photo-refused').waitFor();
    expect(await c.getByTestId('import-car-blocked').textContent()).toBe(IMPORT_MESSAGES.noPhotosLeft);
    expect(await a.getAttribute('data-status')).toBe('draft');
    const start = page.getByTestId('import-start-button');
    await expect.poll(() => start.textContent()).toBe(IMPORT_MESSAGES.creditsTotal(2));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await violations(page, 'import refused 375')).toEqual([]);
    await c.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/import-refused-375.png`, fullPage: true });

    await start.click();
    await expect.poll(() => cars.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), { timeout: 60_000 }).toEqual(['started', 'started', 'draft']);
    expect(await balanceOf(page)).toBe(before - 2);
    const packages = await packagesOf(page);
    expect(packages.map((p) => p.stock_number ?? p.vin).sort()).toEqual(['1HGCM82633A004352', 'A1']);
    expect(packages.find((p) => p.vin === '1HGCM82633A004352')?.session_name).toBe('2003 Honda Accord EX-V6');
    expect(errors).toEqual([]);
  }, 85_000);
});
