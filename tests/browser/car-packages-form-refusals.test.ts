import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_CAR_PACKAGE_PHOTOS, MAX_FILE_BYTES, TRIAL_CREDITS } from '@shared/limits';
import { CAR_PACKAGE_MESSAGES, MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { clickGenerate, generateButton, spendCredits } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { car } from './car-packages-journey';
import { screenshot } from '../support/screenshot';

// The car package form's refusals and its logo toggle, on the studio host as the journeys (car-packages.test.ts at
// 1280 px, car-packages-journey-375.test.ts at 375 px).
const session = useBrowserSession({ renderer: 'studio' });

describe('car packages', () => {
  it('refusals: blank name, too many photos, wrong type, too large, an unusable photo named in the grid, no credit left; the logo toggle', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'packages-refusals', page: '/dashboard/car-packages?tab=upload' });
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
    await screenshot(page, { path: 'test-results/car-packages-refused-1280.png', fullPage: true });
    await page.getByRole('button', { name: 'Remove tiny.jpg' }).click();

    // Every credit spent elsewhere (another tab) while this page still shows the old balance: the start answers 402,
    // shown as "Insufficient credits" with the server's remaining text. (A page that knows the balance is 0 offers Buy
    // Credits instead of Generate: car-packages-coverage-not-ready.test.ts.)
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
