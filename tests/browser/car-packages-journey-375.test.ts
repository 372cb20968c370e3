import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAR_PACKAGE_MESSAGES, PHOTO_REFUSALS, BACKGROUND_NOTES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { generateButton } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { car, noHorizontalScroll, liveEvents, createPackage, expectLiveProgress, viewAndDownloadImage, downloadZip } from './car-packages-journey';
import { screenshot } from '../support/screenshot';

// The dealer's journey end to end at 375 px, with the studio compositor's images (the product's default); the
// desktop journey: car-packages.test.ts; the form's refusals: car-packages-form-refusals.test.ts.
const session = useBrowserSession({ renderer: 'studio' });

describe('car packages', () => {
  it('375 px: from the empty gallery, a photo without a car refused in the form, a package renders live; viewer, zip, then delete', async () => {
    const width = 375;
    const { page } = await signedInDealer(session.browser, session.url, { name: 'packages-375', viewport: { width, height: 740 } });
    const events = liveEvents(page);

    await page.goto(`${session.url}/dashboard/car-packages`);
    await page.getByRole('button', { name: 'Create Your First Package' }).click();
    await page.waitForURL(/\?tab=upload$/);
    await page.getByRole('combobox', { name: 'Background Style' }).click();
    // Without a scene library (SCENES_DIR, as npm test runs the studio host) the picker offers the styles rendered in
    // code and the original location, and says why the outdoor ones are missing; with one, every style and no notice.
    const outdoor = ((await (await fetch(`${session.url}/config.json`)).json()) as { outdoorStyles?: boolean }).outdoorStyles !== false;
    const offered = await page.getByRole('option').allTextContents();
    const studios = ['Studio', 'Studio, light grey', 'Studio, dark grey', 'Showroom'];
    expect(offered).toEqual(outdoor ? [...studios, 'Sunset', 'Urban', 'Coast', 'Mountain', 'Original location, blurred'] : [...studios, 'Original location, blurred']);
    // Each offered style shows what it looks like (a small picture of one car rendered in it).
    const previews = page.getByRole('listbox').getByTestId('style-preview');
    await expect.poll(() => previews.evaluateAll((imgs: HTMLImageElement[]) => imgs.map((i) => i.complete && i.naturalWidth > 0)), { timeout: 10_000 }).toEqual(offered.map(() => true));
    await screenshot(page, { path: 'test-results/car-packages-styles-375.png' });
    await page.getByRole('option', { name: 'Showroom' }).click();
    const notice = page.getByText(BACKGROUND_NOTES.noOutdoorStyles);
    if (!outdoor) await notice.waitFor();
    else expect(await notice.count()).toBe(0);
    // A photo without a car is refused in the form as soon as it is added, and blocks generating until removed.
    const emptyLotPath = join(await mkdtemp(join(tmpdir(), 'car-packages-')), 'empty-lot.jpg');
    await writeFile(emptyLotPath, await sharp({ create: { width: 1024, height: 768, channels: 3, background: '#8a8f94' } }).jpeg().toBuffer());
    await page.getByTestId('photo-input').setInputFiles([emptyLotPath]);
    await page.getByTestId('photo-thumbnail').getByTestId('photo-refused').getByText(PHOTO_REFUSALS.notACar).waitFor({ timeout: 60_000 });
    await page.getByLabel('Car Name / Description').fill('Empty lot');
    expect(await generateButton(page).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove empty-lot.jpg' }).click();
    await page.getByLabel('Car Name / Description').fill('');

    const name = '1974 BMW 2002 turbo';
    await createPackage(page, name, [car('bmw-2002-silver-front34-grass.jpg')], async () => {
      await page.getByTestId('angle-suggested').waitFor({ timeout: 60_000 });
      await noHorizontalScroll(page, width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, { path: 'test-results/car-packages-form-375.png', fullPage: true });
    });
    const { completed } = await expectLiveProgress(page, events);
    expect(completed).toBeGreaterThanOrEqual(1);
    await page.getByTestId('package-detail').getByText(/^Showroom background/).waitFor();
    await noHorizontalScroll(page, width);

    await viewAndDownloadImage(page);
    await downloadZip(page, completed);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, { path: 'test-results/car-packages-detail-375.png', fullPage: true });

    // Back to the gallery, then delete the package from its detail.
    await page.getByRole('button', { name: 'Back to Sessions' }).click();
    const card = page.getByTestId('package-card').filter({ hasText: name });
    await card.waitFor();
    await noHorizontalScroll(page, width);
    await screenshot(page, { path: 'test-results/car-packages-gallery-375.png', fullPage: true });
    await card.getByRole('button', { name }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this car package?' });
    await confirm.getByRole('button', { name: 'Delete package' }).click();
    await page.getByText(CAR_PACKAGE_MESSAGES.deleted).waitFor();
    await page.getByRole('button', { name: 'Create Your First Package' }).waitFor();
  }, 300_000);
});
