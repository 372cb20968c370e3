import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ANGLE_LABELS, WALK_AROUND_ORDER, type Angle } from '@shared/angles';
import { useBrowserSession, downloadedBytes } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { readMp4 } from '../support/mp4';

/**
 * The walk-around on the package page, as a dealer uses it: on a phone by swiping, on a desktop with the keyboard,
 * the wheel and the thumbnails. The package is rendered by the real workflow definition with the scripted renderer
 * (as in my-images.test.ts), so the viewer shows real studio images of all 8 angles.
 */
useLocalHost();
const session = useBrowserSession();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { WORKFLOW_TASK_HANDLERS } = await import('../../infra/workflow-tasks');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

/** A finished package of 8 studio images for the dealer signed in with `email`, opened on its page. */
async function openFinishedPackage(page: Page, email: string, name: string) {
  const sub = (await h.adapters.accounts.findSubByEmail(email))!;
  const w = await h.scriptedWorkflow(sfn, {});
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), name);
  await startCarPackage(w.packageDeps, sub, id);
  await w.settle();
  await page.goto(`${session.url}/dashboard/car-packages`);
  await page.getByTestId('package-card').filter({ hasText: name }).getByRole('button').first().click();
  await page.getByTestId('package-detail').getByRole('heading', { name }).waitFor();
  const stage = page.getByTestId('walk-around-stage');
  await stage.waitFor();
  // Every frame loaded before the first turn: the preloading the viewer promises.
  await expect
    .poll(() => stage.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.length === 8 && imgs.every((i) => i.complete && i.naturalWidth > 0)), { timeout: 20_000 })
    .toBe(true);
  return stage;
}

/** The frame on show: its angle, the position read out, and whether its image has pixels right now (no blank frame). */
async function shown(page: Page) {
  const stage = page.getByTestId('walk-around-stage');
  const angle = (await stage.getAttribute('data-angle')) as Angle;
  const visible = await stage.locator('img:not(.opacity-0)').first().evaluate((img: HTMLImageElement) => ({ alt: img.alt, painted: img.complete && img.naturalWidth > 0 }));
  return { angle, position: await page.getByTestId('walk-around-position').textContent(), ...visible };
}

const expectFrame = async (page: Page, i: number) => {
  const angle = WALK_AROUND_ORDER[i % 8]!;
  expect(await shown(page)).toEqual({ angle, position: `${ANGLE_LABELS[angle]}, ${(i % 8) + 1} of 8`, alt: `${ANGLE_LABELS[angle]}, studio image`, painted: true });
};

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).include('[data-testid=walk-around]').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A one-finger swipe across the stage, as touch events (Chromium turns them into touch pointer events). */
async function swipe(page: Page, from: { x: number; y: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (let s = 1; s <= 6; s++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + (dx * s) / 6, y: from.y }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('walk-around viewer', () => {
  it('375 px, touch: swiping left turns the car through all 8 angles in order and back to the front; axe clean', async () => {
    const viewport = { width: 375, height: 740 };
    const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: 'walk-375', viewport, touch: true });
    const stage = await openFinishedPackage(page, email, 'Walk-around 2021 Cupra Born');
    await stage.scrollIntoViewIfNeeded();
    const box = (await stage.boundingBox())!;
    const start = { x: box.x + box.width * 0.75, y: box.y + box.height / 2 };
    await expectFrame(page, 0);
    for (let i = 1; i <= 8; i++) {
      // 60 px: more than one frame's 40 px, less than two.
      await swipe(page, start, -60);
      await expectFrame(page, i);
    }
    // A swipe to the right turns back.
    await swipe(page, start, 60);
    await expectFrame(page, 7);
    // The viewer fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Show Rear View' }).click();
    await expect.poll(() => page.getByTestId('walk-around-position').textContent()).toBe('Rear View, 5 of 8');
    await page.getByRole('heading', { name: 'Walk-around', exact: true }).evaluate((e) => e.scrollIntoView());
    await page.screenshot({ path: 'test-results/walk-around-375.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('1280 px: the arrow keys turn the car in order, the wheel and + zoom into the full-size image, the thumbnails jump; axe clean', async () => {
    const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: 'walk-1280' });
    const stage = await openFinishedPackage(page, email, 'Walk-around 2020 Kia EV6');
    // Reached with Tab like any control: from the zip button, the next stops lead to the stage.
    await page.getByRole('button', { name: 'Download all (zip)' }).focus();
    const stageFocused = () => stage.evaluate((e) => e === document.activeElement);
    for (let tabs = 0; tabs < 6 && !(await stageFocused()); tabs++) await page.keyboard.press('Tab');
    expect(await stageFocused()).toBe(true);
    await page.getByRole('heading', { name: 'Walk-around', exact: true }).evaluate((e) => e.scrollIntoView());
    await expectFrame(page, 0);
    for (let i = 1; i <= 8; i++) {
      await page.keyboard.press('ArrowRight');
      await expectFrame(page, i);
    }
    await page.keyboard.press('ArrowLeft');
    await expectFrame(page, 7);
    await page.keyboard.press('Home');
    await expectFrame(page, 0);
    await page.keyboard.press('End');
    await expectFrame(page, 7);

    // The wheel zooms in (the page does not scroll) and shows the full-size image over the gallery-size one.
    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, -300);
    await expect.poll(async () => Number(await stage.getAttribute('data-zoom'))).toBeGreaterThan(1.5);
    // The wheel moved 300 px: had the page taken it, it would have scrolled by about that much. A few pixels come
    // from the gallery's images settling (scroll anchoring), not from the wheel.
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(60);
    const full = stage.locator('img[aria-hidden=true]').last();
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await full.getAttribute('src')).not.toBe(await stage.locator('img:not(.opacity-0)').first().getAttribute('src'));
    await page.screenshot({ path: 'test-results/walk-around-zoomed-1280.png' });
    await stage.focus();
    await page.keyboard.press('0');
    await expect.poll(() => stage.getAttribute('data-zoom')).toBe('1.00');
    await page.keyboard.press('+');
    await expect.poll(() => stage.getAttribute('data-zoom')).toBe('1.50');
    // Turning shows the next angle whole again.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => stage.getAttribute('data-zoom')).toBe('1.00');

    await page.getByRole('button', { name: 'Show Left Side' }).click();
    await expect.poll(() => page.getByTestId('walk-around-position').textContent()).toBe('Left Side, 7 of 8');
    expect(await page.getByRole('button', { name: 'Show Left Side' }).getAttribute('aria-current')).toBe('true');
    await page.getByRole('button', { name: 'Next angle' }).click();
    await expectFrame(page, 7);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/walk-around-1280.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('the walk-around video: once the workflow has made it, the open package page offers it live; the download is an H.264 MP4 of 1280×720 and 8 s that Chromium plays', async () => {
    const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: 'walk-video' });
    const sub = (await h.adapters.accounts.findSubByEmail(email))!;
    // The video task waits until the page is open on the finished package: the video then arrives over the live events.
    let release!: () => void;
    const opened = new Promise<void>((resolve) => (release = resolve));
    const w = await h.scriptedWorkflow(sfn, {}, { wrap: { [WORKFLOW_TASK_HANDLERS.video]: (real) => async (event, ctx) => (await opened, real(event, ctx)) } });
    const name = 'Walk-around video 2019 BMW X3';
    const photo = await h.carPhoto();
    const id = await h.createUploadedDraft(sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), name);
    await startCarPackage(w.packageDeps, sub, id);
    await h.waitForPackage(id, (p) => p.pkg.status === 'completed');

    await page.goto(`${session.url}/dashboard/car-packages`);
    await page.getByTestId('package-card').filter({ hasText: name }).getByRole('button').first().click();
    await page.getByTestId('walk-around-stage').waitFor();
    const action = page.getByRole('link', { name: 'Download walk-around video (MP4)' });
    // Finished, and no video yet: no action.
    expect(await action.count()).toBe(0);
    release();
    await w.settle();
    await action.waitFor({ timeout: 20_000 });
    expect(await action.getAttribute('download')).toBe('walk-around-video-2019-bmw-x3-walk-around.mp4');

    // The dealer clicks it: the browser saves the MP4 under the car's name.
    const [download] = await Promise.all([page.waitForEvent('download'), action.click()]);
    expect(download.suggestedFilename()).toBe('walk-around-video-2019-bmw-x3-walk-around.mp4');
    const bytes = await downloadedBytes(download);
    const mp4 = readMp4(bytes);
    expect(mp4.movieSeconds).toBeCloseTo(8, 3);
    expect(mp4.tracks[0]).toMatchObject({ codec: 'avc1', width: 1280, height: 720, codedWidth: 1280, codedHeight: 720 });

    // And it plays: Chromium decodes it at its size and length, and a frame has the car (not a blank picture).
    const played = await page.evaluate(async (src) => {
      const video = document.createElement('video');
      video.muted = true;
      video.src = src;
      await new Promise((resolve, reject) => {
        video.oncanplaythrough = resolve;
        video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
      });
      video.currentTime = 0.3;
      await new Promise((resolve) => (video.onseeked = resolve));
      const canvas = document.createElement('canvas');
      canvas.width = 128;
      canvas.height = 72;
      const g = canvas.getContext('2d')!;
      const contrastNow = () => {
        g.drawImage(video, 0, 0, 128, 72);
        const data = g.getImageData(0, 0, 128, 72).data;
        let min = 255;
        let max = 0;
        for (let i = 0; i < data.length; i += 4) {
          min = Math.min(min, data[i + 1]!);
          max = Math.max(max, data[i + 1]!);
        }
        return max - min;
      };
      // The headless shell may not have presented the sought frame when "seeked" fires (it then draws black): the
      // frame is read again for up to 2 s; a video whose frames are blank stays at 0 throughout.
      let contrast = contrastNow();
      for (let i = 0; i < 40 && contrast <= 60; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        contrast = Math.max(contrast, contrastNow());
      }
      return { duration: video.duration, width: video.videoWidth, height: video.videoHeight, contrast };
    }, (await action.getAttribute('href'))!);
    expect(played.duration).toBeCloseTo(8, 1);
    expect(played).toMatchObject({ width: 1280, height: 720 });
    expect(played.contrast).toBeGreaterThan(60);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
