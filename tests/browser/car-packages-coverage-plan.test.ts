import { describe, expect, it } from 'vitest';
import type { CoveragePlan } from '@shared/angle-plan';
import { TRIAL_CREDITS } from '@shared/limits';
import type { StartCarPackageResponse } from '@shared/schemas/car-packages';
import { useBrowserSession } from '../support/browser';
import { signedInDealer } from '../support/sign-in';
import { threeFrontCorners } from './car-packages-coverage-photos';
import { screenshot } from '../support/screenshot';

/** The coverage plan before paying, at 1280 and 375 px (a photo still being checked, no credit left: car-packages-coverage-not-ready.test.ts). */
const session = useBrowserSession();

describe('coverage before paying', () => {
  it.each([1280, 375])('%i px: three front corners show 1 of 8 around the car, 2 with the mirror fill turned on; Generate names the number and asks once, the start answers the same plan', async (width) => {
    const { page } = await signedInDealer(session.browser, session.url, { name: `coverage-${width}`, viewport: { width, height: 900 }, page: '/dashboard/car-packages?tab=upload' });
    // The balance is on the page before anything is uploaded.
    await expect.poll(() => page.getByTestId('package-credits').textContent()).toBe(`${TRIAL_CREDITS} credits left`);
    expect(await page.getByTestId('no-credits').count()).toBe(0);

    await page.getByLabel('Car Name / Description').fill('2018 BMW X3 M40i');
    await page.getByTestId('photo-input').setInputFiles(await threeFrontCorners());
    const thumbnails = page.getByTestId('photo-thumbnail');
    await expect.poll(() => thumbnails.count()).toBe(3);
    for (let i = 0; i < 3; i++) await thumbnails.nth(i).getByTestId('angle-suggested').waitFor({ timeout: 120_000 });
    // As in the audit: every photo on Front Left Corner (the suggestion kept, or the dealer's tag).
    const kept: boolean[] = [];
    for (let i = 1; i <= 3; i++) {
      const tag = page.getByRole('combobox', { name: `Angle of photo ${i}` });
      kept.push((await tag.textContent()) === 'Front Left Corner');
      if (kept.at(-1)) continue;
      await tag.click();
      await page.getByRole('option', { name: 'Front Left Corner' }).click();
    }

    const diagram = page.getByTestId('coverage-diagram');
    const tilesNow = () =>
      diagram.getByTestId('coverage-angle').evaluateAll((els) =>
        els.map((el) => ({ angle: el.getAttribute('data-angle')!, source: el.getAttribute('data-source')!, photo: el.getAttribute('data-photo')!, text: el.textContent ?? '' })),
      );
    // By default only the angle the photos show: the opposite corner is missing, and the switch says what it would add.
    await expect.poll(() => diagram.getByTestId('coverage-count').textContent()).toBe('1 of 8');
    const before = await tilesNow();
    expect(before.find((t) => t.angle === 'front_right_corner')).toMatchObject({ source: 'missing', photo: '' });
    expect(before.find((t) => t.angle === 'front_right_corner')!.text).toContain('Add a photo of the Front Right Corner, or fill it with a mirror image');
    const mirrorFill = page.getByRole('switch', { name: 'Fill missing sides with mirror images' });
    expect(await mirrorFill.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('mirror-fill').textContent()).toContain('Turn on to add 1 angle');
    expect(await page.getByRole('button', { name: 'Generate 1 angle (1 credit)' }).isDisabled()).toBe(false);
    // The dealer turns it on: the mirror image joins the plan, labelled as one.
    await mirrorFill.click();
    await expect.poll(() => diagram.getByTestId('coverage-count').textContent()).toBe('2 of 8');
    const tiles = await tilesNow();
    const tile = (angle: string) => tiles.find((t) => t.angle === angle)!;
    expect(tile('front_left_corner')).toMatchObject({ source: 'photo', photo: '0' });
    expect(tile('front_left_corner').text).toContain(kept[0] ? 'Photo 1 (suggested)' : 'Photo 1 (tagged)');
    expect(tile('front_right_corner')).toMatchObject({ source: 'mirror', photo: '0' });
    expect(tile('front_right_corner').text).toContain('Mirror image of photo 1');
    expect(tile('front').source).toBe('missing');
    expect(tile('front').text).toContain('Add a photo of the Front View');
    expect(tile('left_side').text).toContain('Add a photo of the Left Side or Right Side');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await diagram.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `test-results/car-packages-coverage-${width}.png`, fullPage: true });

    // Generate says what the credit buys and asks once.
    const generate = page.getByRole('button', { name: 'Generate 2 angles (1 credit)' });
    expect(await generate.isDisabled()).toBe(false);
    await generate.click();
    const confirm = page.getByRole('dialog', { name: 'Your photos give 2 of the 8 angles' });
    await confirm.waitFor();
    await confirm.getByText('Rear View').waitFor();
    await screenshot(page, { path: `test-results/car-packages-coverage-confirm-${width}.png` });
    // Going back charges nothing and keeps the photos.
    await confirm.getByRole('button', { name: 'Add more photos' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await thumbnails.count()).toBe(3);

    await generate.click();
    const started = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/car-packages\/[^/]+\/start$/.test(r.url()), { timeout: 120_000 });
    await page.getByRole('dialog').getByRole('button', { name: 'Generate 2 angles (1 credit)' }).click();
    const answer = (await (await started).json()) as StartCarPackageResponse;
    const plan: CoveragePlan = answer.plan;
    // The server's plan is the one the diagram drew.
    expect(plan.covered).toBe(2);
    expect(plan.angles.map((a) => ({ angle: a.angle, source: a.source, photo: a.photo_index === null ? '' : String(a.photo_index) }))).toEqual(
      tiles.map(({ angle, source, photo }) => ({ angle, source, photo })),
    );
    expect(answer.package.fill_missing_sides).toBe(true);
    await page.getByTestId('package-detail').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('package-credits').textContent(), { timeout: 30_000 }).toBe(`${TRIAL_CREDITS - 1} credits left`);
  }, 420_000);
});
