import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANGLE_LABELS, type Angle } from '@shared/angles';
import type { MeResponse } from '@shared/schemas/account';
import { useBrowserSession } from '../support/browser';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/** Issue 39, item 6, small things a dealer notices: the welcome line, the guided capture's last step (Logout: dashboard-logout.test.ts). */
const session = useBrowserSession();

describe('the welcome line', () => {
  it('"Welcome" on the first visit (the sign-in that created the account), "Welcome back" once the account is older than the sign-in', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'welcome', dealerName: 'Bayview Car Center' });
    const greeting = page.getByTestId('dashboard-greeting');
    await expect.poll(() => greeting.textContent(), { timeout: 15_000 }).toBe('Welcome, Bayview Car Center!');
    await screenshot(page, { path: 'test-results/dashboard-welcome-1280.png' });

    // The same dealer signing in a day after the account was made (the server's created_at, moved back a day).
    await page.route('**/api/me', async (route) => {
      const response = await route.fetch();
      const me = (await response.json()) as MeResponse;
      // (a body of its own, without the original's content-encoding)
      await route.fulfill({ status: response.status(), json: { ...me, profile: { ...me.profile, created_at: new Date(Date.now() - 86_400_000).toISOString() } } });
    });
    await page.reload();
    await expect.poll(() => greeting.textContent(), { timeout: 15_000 }).toBe('Welcome back, Bayview Car Center!');
  }, 60_000);
});

describe('the guided capture at 375 px', () => {
  it('one angle skipped: "Done: 7 of 8 angles", the skipped angle named, every chip whole and wrapped', async () => {
    const { page, errors } = await signedInDealer(session.browser, session.url, { name: 'capture-done', viewport: { width: 375, height: 812 }, touch: true });
    // The photo check answers at once with the step's own angle (the check itself: car-packages-capture.test.ts).
    let expected: Angle = 'front';
    await page.route('**/api/car-photos/check', (route) =>
      route.fulfill({ json: { car: true, angle: expected, confidence: 0.9, low_confidence: false, cars: 1, warnings: [], appearance: null } }),
    );
    const dir = await mkdtemp(join(tmpdir(), 'capture-done-'));
    const photo = join(dir, 'shot.jpg');
    await writeFile(photo, await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a8f96' } }).jpeg().toBuffer());

    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    await page.getByRole('button', { name: 'Take photos' }).click();
    const flow = page.getByTestId('guided-capture');
    const order: Angle[] = ['front', 'front_left_corner', 'left_side', 'rear_left_corner', 'rear', 'rear_right_corner', 'right_side', 'front_right_corner'];
    for (const angle of order) {
      await flow.getByRole('heading', { name: ANGLE_LABELS[angle] }).waitFor();
      if (angle === 'rear') {
        await flow.getByRole('button', { name: 'Skip this angle' }).click();
        continue;
      }
      expected = angle;
      await flow.getByTestId('capture-input').setInputFiles(photo);
      await flow.getByRole('button', { name: 'Keep and go on' }).click();
    }
    await flow.getByRole('heading', { name: 'Done: 7 of 8 angles' }).waitFor();
    await flow.getByText(`Skipped: ${ANGLE_LABELS.rear}.`).waitFor();
    const chips = flow.getByTestId('capture-done-angles').getByRole('listitem');
    expect(await chips.allTextContents()).toEqual(order.filter((a) => a !== 'rear').map((a) => ANGLE_LABELS[a]));
    // Every label whole (no ellipsis), inside the dialog, on more than one line at 375 px.
    const dialog = (await flow.boundingBox())!;
    const boxes = await chips.evaluateAll((items) => items.map((li) => ({ whole: li.scrollWidth <= li.clientWidth, ...li.getBoundingClientRect().toJSON() })));
    for (const box of boxes) {
      expect(box.whole).toBe(true);
      expect(box.right).toBeLessThanOrEqual(dialog.x + dialog.width);
    }
    expect(new Set(boxes.map((b) => Math.round(b.top))).size).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, { path: 'test-results/car-packages-capture-done-375.png' });

    await flow.getByRole('button', { name: 'Use these photos' }).click();
    await expect.poll(() => page.getByTestId('photo-thumbnail').count()).toBe(7);
    expect(errors).toEqual([]);
  }, 90_000);
});
