import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_CAR_PACKAGE_PHOTOS, MAX_FILE_BYTES, TRIAL_CREDITS } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES, MESSAGES, PHOTO_REFUSALS, BACKGROUND_NOTES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { clickGenerate, generateButton, spendCredits } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { car, noHorizontalScroll, liveEvents, createPackage, expectLiveProgress, viewAndDownloadImage, downloadZip } from './car-packages-journey';

// The dealer's journey end to end at 375 px, with the studio compositor's images (the product's default), and the
// form's refusals; the desktop journey: car-packages.test.ts.
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
    await page.screenshot({ path: 'test-results/car-packages-styles-375.png' });
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
      await page.screenshot({ path: 'test-results/car-packages-form-375.png', fullPage: true });
    });
    const { completed } = await expectLiveProgress(page, events);
    expect(completed).toBeGreaterThanOrEqual(1);
    await page.getByTestId('package-detail').getByText(/^Showroom background/).waitFor();
    await noHorizontalScroll(page, width);

    await viewAndDownloadImage(page);
    await downloadZip(page, completed);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/car-packages-detail-375.png', fullPage: true });

    // Back to the gallery, then delete the package from its detail.
    await page.getByRole('button', { name: 'Back to Sessions' }).click();
    const card = page.getByTestId('package-card').filter({ hasText: name });
    await card.waitFor();
    await noHorizontalScroll(page, width);
    await page.screenshot({ path: 'test-results/car-packages-gallery-375.png', fullPage: true });
    await card.getByRole('button', { name }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this car package?' });
    await confirm.getByRole('button', { name: 'Delete package' }).click();
    await page.getByText(CAR_PACKAGE_MESSAGES.deleted).waitFor();
    await page.getByRole('button', { name: 'Create Your First Package' }).waitFor();
  }, 300_000);

  it('refusals: blank name, too many photos, wrong type, too large, an unusable photo named in the grid, no credit left; the logo toggle', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'packages-refusals' });
    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    const input = page.getByTestId('photo-input');
    const thumbnails = page.getByTestId('photo-thumbnail');
    const cupra = car('cupra-born-grey-front34-street.jpg');

    // A name of spaces is no name.
    await input.setInputFiles([cupra]);
    await page.getByLabel('Car Name / Description').fill('   ');
    expect(await generateButton(page).isDisabled()).toBe(true);
    // Nor does Enter in the name field start anything (a form does not submit through a disabled button).
    await page.getByLabel('Car Name / Description').press('Enter');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByText(MESSAGES.packageStartFailedTitle).count()).toBe(0);

    // 1 + 15 photos: the whole drop is refused.
    const jpeg = await readFile(cupra);
    await input.setInputFiles(
      Array.from({ length: MAX_CAR_PACKAGE_PHOTOS }, (_, i) => ({ name: `extra-${i}.jpg`, mimeType: 'image/jpeg', buffer: jpeg })),
    );
    const tooMany = MESSAGES.tooManyPackagePhotos(MAX_CAR_PACKAGE_PHOTOS);
    await page.getByText(tooMany.title).waitFor();
    await page.getByText(tooMany.description!).waitFor();
    expect(await thumbnails.count()).toBe(1);

    await input.setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);
    await page.getByText(`notes.txt: ${MESSAGES.photoTypeInvalid}`).waitFor();
    await input.setInputFiles([{ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(MAX_FILE_BYTES + 1, 0xff) }]);
    await page.getByText(`huge.jpg: ${MESSAGES.fileTooLarge(MAX_FILE_BYTES)}`).waitFor();
    expect(await thumbnails.count()).toBe(1);

    // Removing a photo takes it (and its preview) out of the grid.
    await page.getByRole('button', { name: 'Remove cupra-born-grey-front34-street.jpg' }).click();
    expect(await thumbnails.count()).toBe(0);
    expect(await generateButton(page).isDisabled()).toBe(true);

    // A photo too small to use is refused at start, named in the toast and marked in the grid; nothing is charged.
    const tiny = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#445566' } }).jpeg().toBuffer();
    await input.setInputFiles([
      { name: 'cupra-born-grey-front34-street.jpg', mimeType: 'image/jpeg', buffer: jpeg },
      { name: 'tiny.jpg', mimeType: 'image/jpeg', buffer: tiny },
    ]);
    await page.getByLabel('Car Name / Description').fill('2019 Tiny Test');
    await clickGenerate(page);
    await page.getByText(MESSAGES.packageStartFailedTitle).waitFor({ timeout: 30_000 });
    const reason = PHOTO_REFUSALS.tooSmall(200);
    await page.getByText(CAR_PACKAGE_MESSAGES.photoRefused('tiny.jpg', reason)).waitFor();
    await thumbnails.nth(1).getByRole('alert').getByText(reason).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/car-packages-refused-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Remove tiny.jpg' }).click();

    // Every credit spent elsewhere (another tab) while this page still shows the old balance: the start answers 402,
    // shown as "Insufficient credits" with the server's remaining text. (A page that knows the balance is 0 offers Buy
    // Credits instead of Generate: car-packages-coverage.test.ts.)
    await page.route('**/api/credits/balance', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...((await response.json()) as object), total_credits: TRIAL_CREDITS } });
    });
    const spent = await spendCredits(page, TRIAL_CREDITS);
    expect(spent).toBe(200);
    await clickGenerate(page);
    await page.getByText(MESSAGES.insufficientCreditsTitle).waitFor({ timeout: 30_000 });
    await page.getByText('Need 1, have 0').waitFor();
    // The form keeps the photo and the name for another try.
    expect(await thumbnails.count()).toBe(1);
    expect(await page.getByLabel('Car Name / Description').inputValue()).toBe('2019 Tiny Test');
    await page.unroute('**/api/credits/balance');

    // "Place my logo" is offered only once the dealer uploaded a logo (a Logo URL alone is never fetched).
    expect(await page.getByRole('switch', { name: 'Place my logo' }).count()).toBe(0);
    await page.goto(`${session.url}/dashboard/settings`);
    await page.getByLabel('Logo URL').fill('https://cdn.example.com/harbor/logo.png');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText(MESSAGES.profileUpdated.title).waitFor();
    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    await page.getByLabel('Car Name / Description').waitFor();
    expect(await page.getByRole('switch', { name: 'Place my logo' }).count()).toBe(0);
    await page.goto(`${session.url}/dashboard/settings`);
    const logoFile = await sharp({ create: { width: 200, height: 80, channels: 3, background: '#123456' } }).png().toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoFile });
    await page.getByText(MESSAGES.logoSaved.title).waitFor();
    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    const logo = page.getByRole('switch', { name: 'Place my logo' });
    await logo.waitFor();
    expect(await logo.getAttribute('aria-checked')).toBe('false');
    await logo.click();
    expect(await logo.getAttribute('aria-checked')).toBe('true');
  }, 180_000);
});
