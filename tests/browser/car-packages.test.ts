import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ANGLE_LABELS, type Angle } from '@shared/angles';
import { MAX_CAR_PACKAGE_PHOTOS, MAX_FILE_BYTES, TRIAL_CREDITS } from '@shared/limits';
import { CAR_CHECK_MESSAGES, CAR_PACKAGE_MESSAGES, MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import { useBrowserSession, downloadedBytes } from '../support/browser';
import { clickGenerate, generateButton } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';

const session = useBrowserSession();

const CARS = join(import.meta.dirname, '../fixtures/cars');
const car = (name: string) => join(CARS, name);
const TERMINAL = ['Completed', 'Partial complete', 'Error'];

/** The entries of a zip file (central directory), inflated. */
function zipEntries(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    entries.push({ name, data: method === 0 ? raw : inflateRawSync(raw) });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

async function noHorizontalScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Pushed live events the page receives on the sockets it opens from now on, parsed. */
function liveEvents(page: Page): { type: string; package_id?: string }[] {
  const events: { type: string; package_id?: string }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      try {
        events.push(JSON.parse(String(frame.payload)));
      } catch {
        // not JSON
      }
    }),
  );
  return events;
}

/**
 * Records every state (status badge | Completed counter) the open detail shows, and marks the document, so a test
 * can prove progress changed on screen without a reload.
 */
async function recordDetailStates(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __states: string[]; __sameDocument: boolean };
    w.__states = [];
    w.__sameDocument = true;
    const record = () => {
      const status = document.querySelector('[data-testid=package-detail] [data-testid=package-status]')?.textContent;
      const completed = document.querySelector('[data-testid=counter-completed]')?.textContent;
      if (!status || completed == null) return;
      const state = `${status}|${completed}`;
      if (w.__states.at(-1) !== state) w.__states.push(state);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
const detailStates = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __states?: string[]; __sameDocument?: boolean };
    return { states: w.__states ?? [], sameDocument: w.__sameDocument === true };
  });

async function waitForTerminal(page: Page): Promise<string> {
  const badge = page.getByTestId('package-detail').getByTestId('package-status').first();
  await expect.poll(() => badge.textContent(), { timeout: 180_000, interval: 500 }).toSatisfy((s: string | null) => TERMINAL.includes(s ?? ''));
  return (await badge.textContent())!;
}

const counter = async (page: Page, name: string) => Number(await page.getByTestId(`counter-${name}`).textContent());

/** Fills the form, submits it and waits for the started toast and the new package's detail. */
async function createPackage(page: Page, name: string, photos: string[], setup?: () => Promise<void>) {
  await page.getByLabel('Car Name / Description').fill(name);
  await page.getByTestId('photo-input').setInputFiles(photos);
  await expect.poll(() => page.getByTestId('photo-thumbnail').count()).toBe(photos.length);
  await setup?.();
  await recordDetailStates(page);
  const uploads: string[] = [];
  const calls: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/s3/') && uploads.push(r.url()));
  page.on('request', (r) => r.method() === 'POST' && /\/api\/car-packages\/[^/]+\/(photos\/[^/]+\/check|start)$/.test(r.url()) && calls.push(new URL(r.url()).pathname.split('/').slice(4).join('/')));
  await clickGenerate(page);
  const started = MESSAGES.packageStarted(photos.length, name);
  await page.getByText(started.title).waitFor({ timeout: 60_000 });
  await page.getByText(started.description!).waitFor();
  await page.getByTestId('package-detail').getByRole('heading', { name }).waitFor({ timeout: 30_000 });
  // The photos went straight to storage, one presigned POST each, each checked as it landed, before the start.
  expect(uploads).toHaveLength(photos.length);
  expect(calls.at(-1)).toBe('start');
  expect(calls.slice(0, -1).sort()).toEqual(photos.map((_, i) => `photos/photo-${i + 1}/check`));
  // The form moved to the gallery tab, which has no parameter.
  expect(new URL(page.url()).searchParams.get('tab')).toBeNull();
  expect(await page.getByRole('tab', { name: 'My Car Packages' }).getAttribute('aria-selected')).toBe('true');
}

/** Progress changed on screen, pushed through the live socket, with no reload; returns the final counters. */
async function expectLiveProgress(page: Page, events: { type: string; package_id?: string }[]) {
  const final = await waitForTerminal(page);
  const completed = await counter(page, 'completed');
  const failed = await counter(page, 'failed');
  const { states, sameDocument } = await detailStates(page);
  expect(sameDocument).toBe(true);
  expect(states.length).toBeGreaterThanOrEqual(2);
  expect(states[0]).not.toBe(states.at(-1));
  expect(TERMINAL).not.toContain(states[0]!.split('|')[0]);
  expect(states.at(-1)).toBe(`${final}|${completed}`);
  expect(events.filter((e) => e.type === 'package.updated').length).toBeGreaterThanOrEqual(2);
  expect(events.some((e) => e.type === 'angle.updated')).toBe(true);
  expect(completed + failed).toBe(8);
  expect(await counter(page, 'total-photos')).toBe(8);
  expect(await counter(page, 'credits-used')).toBe(1);
  return { final, completed, failed };
}

/** Opens the viewer on the first completed angle, downloads it, then the original. */
async function viewAndDownloadImage(page: Page) {
  const card = page.locator('[data-testid=angle-card][data-status=completed]').first();
  const angle = (await card.getAttribute('data-angle')) as Angle;
  const label = ANGLE_LABELS[angle];
  await card.getByRole('button', { name: `View ${label} Enhanced` }).click();
  const viewer = page.getByRole('dialog', { name: `${label} Enhanced` });
  await viewer.waitFor();
  const image = viewer.getByRole('img', { name: `${label} Enhanced` });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
  const src = await image.getAttribute('src');
  const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download Image' }).click()]);
  await page.getByText(MESSAGES.downloaded).waitFor();
  // Saved under the last segment of the image's path.
  expect(download.suggestedFilename()).toBe(decodeURIComponent(new URL(src!, session.url).pathname.split('/').at(-1)!));
  const saved = await downloadedBytes(download);
  expect([...saved.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  await page.keyboard.press('Escape');
  await viewer.waitFor({ state: 'hidden' });

  await card.getByRole('button', { name: 'Original' }).click();
  const original = page.getByRole('dialog', { name: 'Original Image' });
  await original.getByRole('button', { name: 'Download Image' }).waitFor();
  await expect
    .poll(() => original.getByRole('img', { name: 'Original Image' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await original.waitFor({ state: 'hidden' });
}

/** Download all (zip): one JPEG per completed angle (and the server's README.txt). */
async function downloadZip(page: Page, completed: number) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Download all (zip)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const entries = zipEntries(await downloadedBytes(download));
  const images = entries.filter((e) => /\.jpe?g$/.test(e.name));
  expect(images).toHaveLength(completed);
  for (const image of images) expect([...image.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  // Beside the images, only a short README and, once the workflow's last task has made it (a second or two after the
  // package finished), the walk-around video.
  const others = entries.filter((e) => !images.includes(e));
  expect(others.map((e) => e.name).filter((n) => n !== 'walk-around.mp4')).toEqual(['README.txt']);
  const video = others.find((e) => e.name === 'walk-around.mp4');
  if (video) expect(video.data.subarray(4, 8).toString('latin1')).toBe('ftyp');
}

describe('car packages', () => {
  it('1280 px: from the overview, a package of real photos renders live; viewer, image and zip downloads; gallery, reset and recent list', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'packages-1280', dealerName: 'Harbor Motors' });
    // Listening from the socket's opening: the page is loaded again.
    const events = liveEvents(page);
    await page.reload();

    // Overview before any package.
    const recent = page.locator('[aria-labelledby=recent-packages-title]');
    await recent.getByText(CAR_PACKAGE_MESSAGES.noPackagesYet).waitFor();
    await recent.getByRole('link', { name: CAR_PACKAGE_MESSAGES.createFirst }).waitFor();
    await expect.poll(() => page.getByTestId('activity-total').textContent()).toBe('0');
    expect(await page.getByTestId('activity-today').textContent()).toBe('0');

    // Create Package card → the upload tab.
    await page.getByRole('link', { name: 'Create Package', exact: true }).click();
    await page.waitForURL(/\/dashboard\/car-packages\?tab=upload$/);
    expect(await page.getByRole('tab', { name: 'Create New Package' }).getAttribute('aria-selected')).toBe('true');
    expect(await generateButton(page).isDisabled()).toBe(true);
    await page.getByRole('heading', { name: 'What happens next' }).waitFor();

    const name = '2021 Cupra Born V2';
    await createPackage(page, name, [car('cupra-born-grey-front34-street.jpg'), car('hyundai-ioniq5-silver-front34-grass.jpg')], async () => {
      // The first photo is tagged by the dealer; the second keeps the car check's suggestion.
      await expect.poll(() => page.getByTestId('angle-suggested').count(), { timeout: 60_000 }).toBe(2);
      for (const option of ['Left Side', 'Front Left Corner']) {
        await page.getByRole('combobox', { name: 'Angle of photo 1' }).click();
        await page.getByRole('option', { name: option }).click();
      }
      expect(await page.getByRole('combobox', { name: 'Angle of photo 1' }).textContent()).toBe('Front Left Corner');
      expect(await page.getByRole('combobox', { name: 'Angle of photo 2' }).textContent()).toBe('Front Left Corner');
      expect(await page.getByTestId('photo-thumbnail').nth(1).getByTestId('angle-suggested').count()).toBe(1);
      expect(await page.getByTestId('photo-thumbnail').nth(0).getByTestId('angle-suggested').count()).toBe(0);
      // A dark grey Cupra and a silver Ioniq: the second is flagged as likely another car and blocks Generate until
      // the dealer removes it or says it is the same car.
      const flag = page.getByTestId('photo-thumbnail').nth(1).getByTestId('different-car');
      await flag.getByText(CAR_CHECK_MESSAGES.differentCar).waitFor();
      expect(await generateButton(page).isDisabled()).toBe(true);
      await flag.getByRole('button', { name: 'It is the same car' }).click();
      await flag.getByText('You confirmed this is the same car.').waitFor();
      expect(await generateButton(page).isDisabled()).toBe(false);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: 'test-results/car-packages-form-1280.png', fullPage: true });
    });
    const { completed, failed } = await expectLiveProgress(page, events);
    expect(completed).toBeGreaterThanOrEqual(1);

    // The dealer's photos, with the angle each was used for.
    const photos = page.getByTestId('package-photo');
    await expect.poll(() => photos.count()).toBe(2);
    await photos.nth(0).getByText('Tagged Front Left Corner').waitFor();
    // The second photo went with its suggested angle as its tag.
    await photos.nth(1).getByText(/^Tagged Front Left Corner$|^Not used$/).waitFor();

    await viewAndDownloadImage(page);
    await downloadZip(page, completed);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/car-packages-detail-1280.png', fullPage: true });

    // An angle no photo can give says why and offers no retry (it would give the same result; the API answers 409).
    // (A free retry of an angle that failed in rendering is proven in tests/integration/car-packages-faults.test.ts.)
    const failedCard = page.locator('[data-testid=angle-card][data-status=failed]').first();
    if (failed > 0) {
      await failedCard.getByText(/^No photo shows the /).waitFor();
      expect(await failedCard.getByRole('button', { name: 'Retry (free)' }).count()).toBe(0);
    }
    const completedNow = await counter(page, 'completed');

    // The sidebar link (with its reset value) closes the detail and drops the parameter.
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Car Packages' }).click();
    const card = page.getByTestId('package-card').filter({ hasText: name });
    await card.waitFor();
    await page.waitForURL(/\/dashboard\/car-packages$/);
    expect(await page.getByTestId('package-detail').count()).toBe(0);
    expect(await card.getByTestId('package-progress').textContent()).toBe(`${completedNow}/8 photos`);
    expect(await card.getByTestId('package-status').textContent()).toMatch(/^(Completed|Partial complete)$/);
    await page.screenshot({ path: 'test-results/car-packages-gallery-1280.png', fullPage: true });
    // The card's preview is the first completed angle, not "No preview".
    await card.locator('img').waitFor();

    // Overview: activity counts, the balance after the charge, the recent list opening the detail.
    await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => page.getByTestId('activity-today').textContent()).toBe('1');
    expect(await page.getByTestId('activity-last-7-days').textContent()).toBe('1');
    expect(await page.getByTestId('activity-total').textContent()).toBe('1');
    await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe(String(TRIAL_CREDITS - 1));
    const item = page.getByTestId('recent-packages').getByRole('link', { name: new RegExp(name) });
    // Its thumbnail (a decorative image), not "No preview".
    await item.locator('img').waitFor();
    expect(await item.getByText(CAR_PACKAGE_MESSAGES.noPreview).count()).toBe(0);
    expect(await item.getByTestId('recent-package-status').textContent()).toMatch(/^(Completed|Partial complete)$/);
    await page.screenshot({ path: 'test-results/car-packages-overview-1280.png', fullPage: true });
    await item.click();
    await page.getByTestId('package-detail').getByRole('heading', { name }).waitFor();
    await page.getByRole('button', { name: 'Back to Sessions' }).click();
    await card.waitFor();
  }, 300_000);

  it('375 px: from the empty gallery, a photo without a car refused in the form, a package renders live; viewer, zip, then delete', async () => {
    const width = 375;
    const { page } = await signedInDealer(session.browser, session.url, { name: 'packages-375', viewport: { width, height: 740 } });
    const events = liveEvents(page);

    await page.goto(`${session.url}/dashboard/car-packages`);
    await page.getByRole('button', { name: 'Create Your First Package' }).click();
    await page.waitForURL(/\?tab=upload$/);
    await page.getByRole('combobox', { name: 'Background Style' }).click();
    await page.getByRole('option', { name: 'Urban' }).click();
    // Without a scene library (SCENES_DIR, as npm test runs the host) the picker says plainly that the backgrounds are
    // drawn; with one it says nothing of the kind.
    const drawn = ((await (await fetch(`${session.url}/config.json`)).json()) as { drawnBackgrounds?: boolean }).drawnBackgrounds === true;
    const notice = page.getByText('No scene library is configured here: the backgrounds are drawn, not photographs.', { exact: false });
    if (drawn) await notice.waitFor();
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
    await page.getByTestId('package-detail').getByText(/^Urban background/).waitFor();
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

    // Every credit spent elsewhere: 402, shown as "Insufficient credits" with the server's remaining text.
    const spent = await page.evaluate(async (credits) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
      const response = await fetch('/api/credits/use', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem(key!)}` },
        body: JSON.stringify({ credits_to_use: credits, description: 'Spent for the test', idempotency_key: `spend-${Date.now()}` }),
      });
      return response.status;
    }, TRIAL_CREDITS);
    expect(spent).toBe(200);
    await clickGenerate(page);
    await page.getByText(MESSAGES.insufficientCreditsTitle).waitFor({ timeout: 30_000 });
    await page.getByText('Need 1, have 0').waitFor();
    // The form keeps the photo and the name for another try.
    expect(await thumbnails.count()).toBe(1);
    expect(await page.getByLabel('Car Name / Description').inputValue()).toBe('2019 Tiny Test');

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
