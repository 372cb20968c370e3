import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANGLE_LABELS, type Angle } from '@shared/angles';
import { MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import { contentSignerFromEnv } from '../../functions/src/content-credentials/create-signer';
import { verifyCredentials } from '../../functions/src/content-credentials/verify';
import { car } from '../renderer/bad-photos';
import { useBrowserSession, downloadedBytes } from '../support/browser';
import { clickGenerate, confirmSameCar } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * A dealer's phone gives PNG and WebP as often as JPEG: a package made in the browser from one PNG and one WebP photo
 * finishes with its angles completed and downloadable, and what the dealer downloads reads back with valid content
 * credentials. An iPhone's HEIC is refused in the form, before any upload, with what to do instead.
 */
const session = useBrowserSession();

describe('photo formats in the package form', () => {
  it('375 px: a package from a PNG and a WebP photo completes; its images download and read back signed by us; a HEIC is refused before upload', async () => {
    const width = 375;
    const { page } = await signedInDealer(session.browser, session.url, { name: 'formats-375', viewport: { width, height: 740 } });
    const dir = await mkdtemp(join(tmpdir(), 'formats-'));
    const png = join(dir, 'bmw-x3-front-left.png');
    const webp = join(dir, 'ioniq5-front-right.webp');
    await writeFile(png, await sharp(car('bmw-x3-blue-front34-parked-4540px.jpg')).resize(1600).png().toBuffer());
    // Mirrored, the Ioniq's front left corner is a front right corner: two photos, two corners.
    await writeFile(webp, await sharp(car('hyundai-ioniq5-silver-front34-grass.jpg')).flop().webp({ quality: 85 }).toBuffer());

    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    const input = page.getByTestId('photo-input');
    // An iPhone photo: named, refused with what to do, never added.
    await input.setInputFiles([{ name: 'IMG_4711.HEIC', mimeType: 'image/heic', buffer: Buffer.from('not decoded: refused by its type') }]);
    await page.getByText(`IMG_4711.HEIC: ${PHOTO_REFUSALS.heic}`).waitFor();
    expect(await page.getByTestId('photo-thumbnail').count()).toBe(0);

    const name = 'BMW X3 and Ioniq 5 formats';
    await page.getByLabel('Car Name / Description').fill(name);
    await input.setInputFiles([png, webp]);
    await expect.poll(() => page.getByTestId('photo-thumbnail').count()).toBe(2);
    await expect.poll(() => page.getByTestId('angle-suggested').count(), { timeout: 60_000 }).toBe(2);
    // Two cars for two formats: a flag that the Ioniq is likely another car is confirmed away (the package is a test).
    await confirmSameCar(page);
    await clickGenerate(page);
    await page.getByText(MESSAGES.packageStarted(2, name).title).waitFor({ timeout: 60_000 });
    const detail = page.getByTestId('package-detail');
    await detail.getByRole('heading', { name }).waitFor({ timeout: 30_000 });
    const badge = detail.getByTestId('package-status').first();
    await expect.poll(() => badge.textContent(), { timeout: 180_000, interval: 500 }).toMatch(/^(Completed|Partial complete)$/);

    const completed = page.locator('[data-testid=angle-card][data-status=completed]');
    const angles = (await completed.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-angle')))) as Angle[];
    // Each front corner from its own photo; the angles two front corners cannot give fail with their reason, none
    // because of a photo's format (never "busy", never "on our side").
    expect(angles).toEqual(expect.arrayContaining(['front_left_corner', 'front_right_corner']));
    for (const text of await page.locator('[data-testid=angle-card][data-status=failed]').allTextContents()) expect(text).not.toMatch(/busy|our side/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, { path: 'test-results/car-packages-formats-375.png', fullPage: true });

    const signer = contentSignerFromEnv();
    // Each completed angle downloads from the viewer, and its file is signed by us.
    for (const angle of ['front_left_corner', 'front_right_corner'] as const) {
      const label = ANGLE_LABELS[angle];
      await page.locator(`[data-testid=angle-card][data-angle=${angle}]`).getByRole('button', { name: `View ${label} Enhanced` }).click();
      const viewer = page.getByRole('dialog', { name: `${label} Enhanced` });
      const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download Image' }).click()]);
      const saved = await downloadedBytes(download);
      const report = await verifyCredentials(saved, 'image/jpeg', signer);
      expect(report.status, angle).toBe('signed_by_us');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'hidden' });
    }
    // The zip holds every completed angle, each signed.
    const [zip] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Download all (zip)' }).click()]);
    const files = Object.entries(unzipSync(new Uint8Array(await downloadedBytes(zip)))).filter(([file]) => file.endsWith('.jpg'));
    expect(files).toHaveLength(angles.length);
    for (const [file, bytes] of files) expect((await verifyCredentials(Buffer.from(bytes), 'image/jpeg', signer)).status, file).toBe('signed_by_us');
  }, 300_000);
});
