import { describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@shared/limits';
import { useBrowserSession } from '../support/browser';
import { spendCredits } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { threeFrontCorners } from './car-packages-coverage-photos';
import { screenshot } from '../support/screenshot';

/** Nothing to generate yet: a photo still being checked, no credit left (the coverage plan: car-packages-coverage-plan.test.ts). */
const session = useBrowserSession();

describe('coverage before paying', () => {
  it('1280 px: while a photo is being checked nothing is decided: the diagram waits, Generate says so and cannot be pressed', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'coverage-checking', viewport: { width: 1280, height: 900 }, page: '/dashboard/car-packages?tab=upload' });
    await page.getByTestId('package-credits').waitFor();
    // The photo's check is held back until the test lets it answer.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/car-photos/check', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Car Name / Description').fill('2018 BMW X3 M40i');
    const [photo] = await threeFrontCorners();
    await page.getByTestId('photo-input').setInputFiles([photo!]);
    const checking = page.getByRole('button', { name: 'Checking photos (0 of 1)…' });
    await checking.waitFor();
    expect(await checking.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /^Generate / }).count()).toBe(0);
    const diagram = page.getByTestId('coverage-diagram');
    expect(await diagram.getByTestId('coverage-count').textContent()).toBe('checking 1 photo…');
    const sources = await diagram.getByTestId('coverage-angle').evaluateAll((els) => els.map((el) => el.getAttribute('data-source')));
    expect(sources).toEqual(Array(8).fill('checking'));
    await screenshot(page, { path: 'test-results/car-packages-checking-1280.png', fullPage: true });
    // The mirror fill is not offered on half-known facts either.
    expect(await page.getByTestId('mirror-fill').count()).toBe(0);
    answer();
    const generate = page.getByRole('button', { name: 'Generate 1 angle (1 credit)' });
    await generate.waitFor({ timeout: 120_000 });
    expect(await generate.isDisabled()).toBe(false);
    expect(await diagram.getByTestId('coverage-count').textContent()).toBe('1 of 8');
  }, 180_000);

  it('375 px: at 0 credits the form offers Buy Credits before any photo is added', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'coverage-no-credits', viewport: { width: 375, height: 800 }, page: '/dashboard/car-packages?tab=upload' });
    await page.getByTestId('package-credits').waitFor();
    const spent = await spendCredits(page, TRIAL_CREDITS);
    expect(spent).toBe(200);
    await page.reload();
    await expect.poll(() => page.getByTestId('package-credits').textContent()).toBe('0 credits left');
    const banner = page.getByTestId('no-credits');
    await banner.getByText('You have 0 credits.').waitFor();
    // Generate itself becomes Buy Credits (the action appears once the dealer's profile has loaded, which may come
    // after the balance: wait for it rather than count at once).
    const buyInPlaceOfGenerate = page.getByTestId('generate-buys-credits').getByRole('button', { name: 'Buy Credits' });
    await buyInPlaceOfGenerate.waitFor();
    expect(await buyInPlaceOfGenerate.count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Generate / }).count()).toBe(0);
    await banner.getByRole('button', { name: 'Buy Credits' }).click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, { path: 'test-results/car-packages-no-credits-375.png' });
  }, 180_000);
});
