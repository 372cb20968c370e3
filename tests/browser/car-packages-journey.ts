import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ANGLE_LABELS, type Angle } from '@shared/angles';
import { PROCESSING_TIME_TEXT } from '@shared/brand';
import { MESSAGES, PACKAGE_PROGRESS_MESSAGES } from '@shared/messages';
import { downloadedBytes } from '../support/browser';
import { clickGenerate } from '../support/package-form';
import { screenshot } from '../support/screenshot';

/** The steps and checks of the car package journeys (car-packages.test.ts at 1280 px, car-packages-journey-375.test.ts). */
const CARS = join(import.meta.dirname, '../fixtures/cars');
export const car = (name: string) => join(CARS, name);
export const TERMINAL = ['Completed', 'Partial complete', 'Error'];
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The entries of a zip file (central directory), inflated. */
export function zipEntries(zip: Buffer): { name: string; data: Buffer }[] {
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

export async function noHorizontalScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Pushed live events the page receives on the sockets it opens from now on, parsed. */
export function liveEvents(page: Page): { type: string; package_id?: string }[] {
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
 * Records every state (status badge | Completed counter) the open detail shows, and every progress line ("Rendering: 3
 * of 8 angles ready." with its estimate), and marks the document, so a test can prove progress changed on screen
 * without a reload.
 */
export async function recordDetailStates(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __states: string[]; __progress: string[]; __sameDocument: boolean };
    w.__states = [];
    w.__progress = [];
    w.__sameDocument = true;
    const record = () => {
      const progress = document.querySelector('[data-testid=package-detail] [data-testid=package-progress-text]')?.textContent;
      if (progress && w.__progress.at(-1) !== progress) w.__progress.push(progress);
      const status = document.querySelector('[data-testid=package-detail] [data-testid=package-status]')?.textContent;
      const completed = document.querySelector('[data-testid=counter-completed]')?.textContent;
      if (!status || completed == null) return;
      const state = `${status}|${completed}`;
      if (w.__states.at(-1) !== state) w.__states.push(state);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
export const detailStates = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __states?: string[]; __progress?: string[]; __sameDocument?: boolean };
    return { states: w.__states ?? [], progress: w.__progress ?? [], sameDocument: w.__sameDocument === true };
  });

export async function waitForTerminal(page: Page): Promise<string> {
  const badge = page.getByTestId('package-detail').getByTestId('package-status').first();
  await expect.poll(() => badge.textContent(), { timeout: 180_000, interval: 500 }).toSatisfy((s: string | null) => TERMINAL.includes(s ?? ''));
  return (await badge.textContent())!;
}

export const counter = async (page: Page, name: string) => Number(await page.getByTestId(`counter-${name}`).textContent());

/** Fills the form, submits it and waits for the started toast and the new package's detail. */
export async function createPackage(page: Page, name: string, photos: string[], setup?: () => Promise<void>) {
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
export async function expectLiveProgress(page: Page, events: { type: string; package_id?: string }[]) {
  // The running package as the dealer first sees it: what it is doing and the estimate (issue 39, item 5).
  const running = page.getByTestId('package-detail').getByTestId('package-progress-text');
  if (await running.isVisible()) {
    await running.scrollIntoViewIfNeeded().catch(() => undefined);
    await screenshot(page, { path: `test-results/package-detail-running-${page.viewportSize()?.width ?? 0}.png` }).catch(() => undefined);
  }
  const final = await waitForTerminal(page);
  const completed = await counter(page, 'completed');
  const failed = await counter(page, 'failed');
  const { states, progress, sameDocument } = await detailStates(page);
  expect(sameDocument).toBe(true);
  // While it ran, the page said what it was doing, in angles, with the measured estimate (never "Waiting to start").
  expect(progress.length).toBeGreaterThanOrEqual(1);
  for (const line of progress) expect(line).toMatch(new RegExp(`^(${escape(PACKAGE_PROGRESS_MESSAGES.checking)}|Rendering: \\d+ of \\d+ angles? ready\\.) ${escape(PROCESSING_TIME_TEXT.estimate)}$`));
  expect(await page.getByTestId('package-detail').getByTestId('package-progress-text').count()).toBe(0);
  // A package is the angles its photos give (up to 8): its own count, never "of 8" unless it has 8.
  const total = await counter(page, 'total-angles');
  expect(total).toBeGreaterThanOrEqual(1);
  expect(total).toBeLessThanOrEqual(8);
  expect(await page.getByTestId('detail-progress').textContent()).toBe(progressWords(completed, total));
  expect(states.length).toBeGreaterThanOrEqual(2);
  expect(states[0]).not.toBe(states.at(-1));
  expect(TERMINAL).not.toContain(states[0]!.split('|')[0]);
  expect(states.at(-1)).toBe(`${final}|${completed}`);
  expect(events.filter((e) => e.type === 'package.updated').length).toBeGreaterThanOrEqual(2);
  expect(events.some((e) => e.type === 'angle.updated')).toBe(true);
  expect(completed + failed).toBe(total);
  // The angles its photos do not give are named quietly, not failed.
  const missing = page.getByTestId('package-detail').getByTestId('missing-angles-list');
  expect(total === 8 ? await missing.count() : ((await missing.textContent()) ?? '').split(', ').length).toBe(8 - total);
  expect(await counter(page, 'credits-used')).toBe(1);
  return { final, completed, failed, total };
}

/** The progress words of a package (card and page): "1/3 angles" while some are not made, "3 angles" once all are. */
export const progressWords = (completed: number, total: number) => (completed === total ? `${total} ${total === 1 ? 'angle' : 'angles'}` : `${completed}/${total} angles`);

/** Opens the viewer on the first completed angle, downloads it, then the original. */
export async function viewAndDownloadImage(page: Page) {
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
  expect(download.suggestedFilename()).toBe(decodeURIComponent(new URL(src!, page.url()).pathname.split('/').at(-1)!));
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
export async function downloadZip(page: Page, completed: number) {
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
