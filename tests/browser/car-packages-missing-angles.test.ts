import { AxeCheck } from '../support/axe';
import { afterAll, describe, expect, it } from 'vitest';
import { FILL_MISSING_SIDES_LABEL } from '@shared/angle-plan';
import { MISSING_ANGLE_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { noHorizontalScroll } from './car-packages-journey';
import { screenshot } from '../support/screenshot';

/**
 * Issue 39 (decisions.md, turn 4: a credit buys the angles the photos show): the page of a package of 2 photos is a
 * package of 2 angles, completed, said as "2 angles from 2 photos" and "2 angles"; the 6 angles no photo gives are named
 * in a quiet note with where to get them, never as red failed cards. Rendered by the real workflow definition with the
 * scripted renderer (as walk-around.test.ts), at 375 px and 1280 px.
 */
useLocalHost();
const session = useBrowserSession();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const NAME = 'Two-photo 2021 Cupra Born';

describe('the page of a package of the angles its photos give', () => {
  it('375 px, then 1280 px: "2 angles from 2 photos", completed, no red card, the missing angles named quietly with where to get them; axe clean', async () => {
    const { page, context, errors, email } = await signedInDealer(session.browser, session.url, { name: 'missing-angles', viewport: { width: 375, height: 812 }, touch: true });
    try {
      const sub = (await h.adapters.accounts.findSubByEmail(email))!;
      const w = await h.scriptedWorkflow(sfn, {});
      const photo = await h.carPhoto();
      const id = await h.createUploadedDraft(sub, [{ bytes: photo, angle: 'front_left_corner' }, { bytes: photo, angle: 'rear' }], NAME);
      await startCarPackage(w.packageDeps, sub, id);
      await w.settle();

      // The gallery's card: a package of 2 angles, both made.
      await page.goto(`${session.url}/dashboard/car-packages`);
      const card = page.getByTestId('package-card').filter({ hasText: NAME });
      await card.waitFor();
      expect(await card.getByTestId('package-progress').textContent()).toBe('2 angles');
      expect(await card.getByTestId('package-status').textContent()).toBe('Completed');

      await card.getByRole('button', { name: NAME }).click();
      const detail = page.getByTestId('package-detail');
      await detail.getByRole('heading', { name: NAME }).waitFor();
      expect(await detail.getByTestId('package-status').textContent()).toBe('Completed');
      expect(await detail.getByTestId('package-made-of').textContent()).toBe('2 angles from 2 photos');
      expect(await detail.getByTestId('detail-progress').textContent()).toBe('2 angles');
      expect(await detail.getByTestId('counter-total-angles').textContent()).toBe('2');
      expect(await detail.getByTestId('counter-failed').textContent()).toBe('0');
      // Exactly its 2 angles as cards, both made: no failed card, no "No photo shows…", no "of 8".
      await expect.poll(() => detail.locator('[data-testid=angle-card][data-status=completed]').count()).toBe(2);
      expect(await detail.getByTestId('angle-card').count()).toBe(2);
      expect(await detail.getByText(/No photo shows|of 8|Failed 6/).count()).toBe(0);

      // The angles its photos do not give: named, with where to get them and what the mirror fill would add; not red.
      const missing = detail.getByTestId('missing-angles');
      await missing.scrollIntoViewIfNeeded();
      expect(await missing.isVisible()).toBe(true);
      expect(await missing.getByTestId('missing-angles-list').textContent()).toBe('Front View, Left Side, Right Side, Front Right Corner, Rear Left Corner, Rear Right Corner');
      expect(await missing.getByText(MISSING_ANGLE_MESSAGES.why).count()).toBe(1);
      expect(await missing.getByText(MISSING_ANGLE_MESSAGES.mirror(FILL_MISSING_SIDES_LABEL, ['Front Right Corner'])).count()).toBe(1);
      const look = await missing.evaluate((el) => ({ role: el.getAttribute('role'), classes: el.className, colour: getComputedStyle(el).color }));
      expect(look.role).toBeNull();
      expect(look.classes).not.toMatch(/red|amber/);
      const link = missing.getByRole('link', { name: MISSING_ANGLE_MESSAGES.createLink });
      expect(await link.getAttribute('href')).toBe('/dashboard/car-packages?tab=upload');
      await noHorizontalScroll(page, 375);
      await screenshot(page, { path: 'test-results/car-packages-missing-angles-375.png', fullPage: true });

      const axe = await new AxeCheck(page).include('[data-testid=package-detail]').analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

      await page.setViewportSize({ width: 1280, height: 900 });
      await missing.scrollIntoViewIfNeeded();
      expect(await missing.isVisible()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, { path: 'test-results/car-packages-missing-angles-1280.png', fullPage: true });

      // The link takes the dealer to the form for a new package.
      await link.click();
      await page.waitForURL(/\/dashboard\/car-packages\?tab=upload$/);
      await page.getByLabel('Car Name / Description').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
