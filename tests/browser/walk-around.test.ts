import { AxeCheck } from '../support/axe';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ANGLE_LABELS, WALK_AROUND_ORDER, type Angle } from '@shared/angles';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * The walk-around on the package page, as a dealer uses it: on a phone by swiping, on a desktop with the keyboard,
 * the wheel and the thumbnails. The package is rendered by the real workflow definition with the scripted renderer
 * (as in my-images.test.ts), so the viewer shows real studio images of all 8 angles. The walk-around video:
 * walk-around-video.test.ts.
 */
useLocalHost();
const session = useBrowserSession();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');

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
  const result = await new AxeCheck(page).include('[data-testid=walk-around]').analyze();
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
    await screenshot(page, { path: 'test-results/walk-around-375.png' });
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
    await screenshot(page, { path: 'test-results/walk-around-zoomed-1280.png' });
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
    await screenshot(page, { path: 'test-results/walk-around-1280.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
