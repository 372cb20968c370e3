import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CARS } from '@shared/limits';
import { IMPORT_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { spendCredits } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { balanceOf, carPhoto, checksDone, CUPRA, dayZip, importZip, IONIQ, openImport, packagesOf } from './car-packages-import-support';
import { screenshot } from '../support/screenshot';

/**
 * Issue 41, item 3: an import past 30 cars is refused whole before anything is checked or sent. A folder of the day's
 * photos (the folder picker; a photo without a car in its name assigned to its car) with a balance that covers only some of its cars says which would start (the first ones
 * in the list) and which would wait, starts those, and the others wait as drafts with Buy Credits offered. A start
 * asked again (a lost answer retried) charges nothing more.
 */
const session = useBrowserSession();
useLocalHost();
const SHOTS = '/tmp/tb/shots-import';

describe('import many cars: a balance for some of the cars', () => {
  it('31 cars refused whole; a folder of 2 cars with 1 credit: says which starts, starts it, the other waits; a repeated start charges nothing', async () => {
    const { page, errors } = await signedInDealer(session.browser, session.url, { name: 'import-credits', viewport: { width: 1280, height: 900 } });
    const credits = await balanceOf(page);
    expect(await spendCredits(page, credits - 1)).toBe(200);
    await openImport(page, session.url);
    await page.getByTestId('package-credits').getByText('1 credit left').waitFor();

    // 31 cars: refused whole, nothing checked or sent; the drop area stays for another try.
    const tooMany = Object.fromEntries(Array.from({ length: MAX_IMPORT_CARS + 1 }, (_, i) => [`S${i}-1.jpg`, carPhoto(CUPRA)]));
    await importZip(page, dayZip(tooMany));
    await page.getByTestId('import-refused').getByText(IMPORT_MESSAGES.tooManyCars(MAX_IMPORT_CARS + 1, MAX_IMPORT_CARS)).waitFor();
    expect(await page.getByTestId('import-car').count()).toBe(0);

    // A folder as the camera's card left it (a hidden file of the system's beside the photos).
    const folder = mkdtempSync(join(tmpdir(), 'import-day-'));
    writeFileSync(join(folder, 'A1-1.jpg'), carPhoto(CUPRA));
    writeFileSync(join(folder, 'B2-1.jpg'), carPhoto(IONIQ));
    writeFileSync(join(folder, '.DS_Store'), 'system file');
    writeFileSync(join(folder, 'IMG_0412.jpg'), carPhoto(IONIQ));
    await page.getByTestId('import-folder-input').setInputFiles(folder);
    const cars = page.getByTestId('import-car');
    await expect.poll(() => cars.count()).toBe(2);
    // The photo whose name says no car: the dealer chooses its car, where it is checked like the others.
    await page.getByTestId('import-not-grouped').getByRole('combobox', { name: 'Car of IMG_0412.jpg' }).click();
    await page.getByRole('option', { name: 'Car 2: Stock B2' }).click();
    expect(await page.getByTestId('import-not-grouped').count()).toBe(0);
    await expect.poll(() => cars.nth(1).getByTestId('photo-thumbnail').count()).toBe(2);
    await checksDone(page);

    const short = page.getByTestId('import-credits-short');
    await short.waitFor();
    expect(await short.textContent()).toContain(IMPORT_MESSAGES.creditsShort(1, 2));
    expect(await short.textContent()).toContain('Would start: Stock A1.');
    expect(await short.textContent()).toContain('Would wait: Stock B2.');
    expect(await cars.nth(1).getByText('Waits for a credit').count()).toBe(1);
    const start = page.getByTestId('import-start-button');
    expect(await start.textContent()).toBe(IMPORT_MESSAGES.creditsTotal(1));
    await screenshot(page, { path: `${SHOTS}/import-credits-short-1280.png`, fullPage: true });

    await start.click();
    await expect.poll(() => cars.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), { timeout: 60_000 }).toEqual(['started', 'draft']);
    expect(await balanceOf(page)).toBe(0);
    // Now at 0: the waiting car says so, with Buy Credits.
    await page.getByTestId('import-credits-short').getByText(IMPORT_MESSAGES.noCredits(1)).waitFor();
    await page.getByTestId('import-start').getByRole('button', { name: /Buy Credits/i }).waitFor();
    expect(await page.getByTestId('import-start-button').count()).toBe(0);
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, { path: `${SHOTS}/import-credits-none-375.png`, fullPage: true });

    // The started car's start asked again, as a retry after a lost answer would: the same package, no credit taken.
    const [started] = await packagesOf(page);
    expect(started?.stock_number).toBe('A1');
    const again = await page.evaluate(async (id) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
      const response = await fetch(`/api/car-packages/${id}/start`, { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem(key!)}` } });
      return { status: response.status, body: (await response.json()) as { package: { id: string } } };
    }, started!.id);
    expect(again.status).toBe(200);
    expect(again.body.package.id).toBe(started!.id);
    expect(await balanceOf(page)).toBe(0);
    expect(await packagesOf(page)).toHaveLength(1);
    expect(errors).toEqual([]);
  }, 85_000);
});
