import { AxeCheck } from '../support/axe';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TRIAL_CREDITS } from '@shared/limits';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { putCoupon, uniqueCode } from '../integration/payments-test-support';
import { screenshot } from '../support/screenshot';

useLocalHost();
const session = useBrowserSession();

/** Types a card into the simulator's card form (a frame, as Stripe's Payment Element is). */
async function typeCard(page: Page, number: string) {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry').fill('12 / 34');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByLabel('ZIP').fill('30301');
}

/** Serious or critical accessibility violations inside the dialog (its card form frame included). */
async function dialogViolations(page: Page): Promise<string[]> {
  const result = await new AxeCheck(page).include('[role="dialog"]').analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function noHorizontalScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** Finance's side of the same purchase: a super user finds it in the admin area, and the event that fulfilled it. */
async function superUserSeesThePayment(dealerEmail: string, coupon: string) {
  const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
  const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
  const admin = await signedInDealer(session.browser, session.url, { name: 'finance' });
  await promoteToSuperUser(new DynamoDbAccountStore(), admin.email);
  const { page } = admin;
  await page.goto(`${session.url}/dashboard/admin`);
  const payment = page.getByTestId('payments-table').getByRole('row').filter({ hasText: dealerEmail });
  await payment.waitFor();
  const text = (await payment.textContent()) ?? '';
  for (const expected of ['Starter Pack', coupon, '$4.00', 'succeeded']) expect(text).toContain(expected);
  const paymentIntent = /pi_[A-Za-z0-9]+/.exec(text)?.[0];
  expect(paymentIntent).toBeDefined();
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name: 'Stripe Events' }).click();
  const fulfilled = page.getByTestId('stripe-events-table').getByRole('row').filter({ hasText: 'payment_intent.succeeded' }).filter({ hasText: 'fulfilled' });
  await fulfilled.first().waitFor();
  let found = false;
  for (let i = 0; i < Math.min(await fulfilled.count(), 15) && !found; i++) {
    await fulfilled.nth(i).getByRole('button', { name: /View event/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Stripe event' });
    await dialog.getByTestId('event-payload').waitFor();
    found = ((await dialog.getByTestId('event-payload').textContent()) ?? '').includes(paymentIntent!);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
  expect(found, `the payment_intent.succeeded event of ${paymentIntent} is listed as fulfilled`).toBe(true);
  await screenshot(page, { path: 'test-results/purchase-seen-by-finance-1280.png', fullPage: true });
  await page.context().close();
}

describe('buying credits in the purchase dialog', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 812 },
  ]) {
    it(`a dealer buys the Starter Pack with a coupon at ${viewport.width} px: a declined card shows Stripe's message, then the balance rises without a reload`, async () => {
      const code = uniqueCode('HALF');
      await putCoupon(code, { percent_off: 50 });
      const { page, errors, email } = await signedInDealer(session.browser, session.url, { name: `buyer${viewport.width}`, viewport });
      await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe(String(TRIAL_CREDITS));
      await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

      const dialog = page.getByRole('dialog', { name: 'Purchase Credits' });
      if (viewport.width === 1280) {
        await page.getByRole('button', { name: 'Buy Credits' }).click();
        await dialog.getByRole('radio', { name: /Professional/ }).getByText('Most Popular').waitFor();
        await dialog.getByRole('radio', { name: /Small Business/ }).getByText('Save 20%').waitFor();
        await dialog.getByRole('radio', { name: /Starter Pack/ }).getByText('$1.00 per credit').waitFor();
        await screenshot(page, { path: `test-results/purchase-packages-${viewport.width}.png` });
        expect(await dialogViolations(page)).toEqual([]);
        await dialog.getByRole('radio', { name: /Starter Pack/ }).click();
        await dialog.getByRole('button', { name: 'Continue' }).click();
      } else {
        // From the landing page's pricing section, signed in: straight to the Starter Pack's checkout.
        await page.goto(session.url);
        await page.getByRole('button', { name: 'Buy Starter Pack' }).click();
        await page.waitForURL(/\/dashboard\?buy=starter/);
        await dialog.getByText('Starter Pack: 8 credits').waitFor();
        await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
      }

      const apply = dialog.getByRole('button', { name: 'Apply' });
      expect(await apply.isDisabled()).toBe(true);
      await dialog.getByLabel('Coupon code').fill('   ');
      expect(await apply.isDisabled()).toBe(true);
      await dialog.getByLabel('Coupon code').fill('NOT-A-COUPON');
      await apply.click();
      await dialog.getByRole('alert').getByText('Invalid coupon code. This coupon code does not exist.').waitFor();
      await dialog.getByLabel('Coupon code').fill(`  ${code.toLowerCase()} `);
      await apply.click();
      await dialog.getByText(/Coupon applied: 50% off/).waitFor();
      expect(await dialog.getByLabel('Coupon code').inputValue()).toBe(code);
      expect(await dialog.getByTestId('purchase-total').textContent()).toBe('$4.00');
      await screenshot(page, { path: `test-results/purchase-coupon-${viewport.width}.png` });

      await dialog.getByRole('button', { name: 'Continue to payment' }).click();
      const pay = dialog.getByRole('button', { name: 'Pay $4.00' });
      await pay.waitFor();
      await expect.poll(() => pay.isEnabled()).toBe(true);
      await typeCard(page, '4000 0000 0000 0002');
      await pay.click();
      await dialog.getByRole('alert').getByText('Your card was declined.').waitFor();
      await screenshot(page, { path: `test-results/purchase-declined-${viewport.width}.png` });
      expect(await dialogViolations(page)).toEqual([]);
      expect(await page.getByTestId('total-credits').textContent()).toBe(String(TRIAL_CREDITS));

      await typeCard(page, '4242 4242 4242 4242');
      await pay.click();
      await dialog.getByText('Payment successful!').waitFor({ timeout: 20_000 });
      await dialog.getByText('8 credits were added to your balance.').waitFor();
      await screenshot(page, { path: `test-results/purchase-success-${viewport.width}.png` });
      // Then the dialog closes by itself, and the balance has risen without a reload.
      await dialog.waitFor({ state: 'detached', timeout: 5_000 });
      await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe(String(TRIAL_CREDITS + 8));
      expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await page.getByText('Purchased credits never expire.').waitFor();
      await page.getByText(/^subscriber$/i).waitFor(); // the badge turns from trial to subscriber
      await noHorizontalScroll(page, viewport.width);
      await screenshot(page, { path: `test-results/purchase-balance-${viewport.width}.png`, fullPage: true });
      expect(errors.filter((e) => !/401|402|Failed to load resource/.test(e))).toEqual([]);
      await page.context().close();
      if (viewport.width === 1280) await superUserSeesThePayment(email, code);
    }, 200_000);
  }
});
