import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BONUS_CREDIT_LIFETIME_MS } from '@shared/limits';
import { ADMIN_MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

useLocalHost();
const session = useBrowserSession();
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
type PaymentRecord = import('../../functions/src/payments/payment-records').PaymentRecord;
type StripeEventRecord = import('../../functions/src/payments/payment-records').StripeEventRecord;
type StripeDeliveryRecord = import('../../functions/src/payments/payment-records').StripeDeliveryRecord;

const put = (Item: Record<string, unknown>) => dynamo().send(new PutCommand({ TableName: tableName(), Item }));

/** A purchase and its Stripe event as the purchase flow and the webhook store them (their record shapes). */
async function seedPurchase(tag: string) {
  const at = new Date().toISOString();
  const pi = `pi_${tag}`;
  const payment: PaymentRecord = {
    entity: 'payment', payment_intent_id: pi, user_id: 'seeded-buyer', email: `buyer-${tag}@example.com`, dealer_name: 'Bayview Car Center',
    package_id: 'starter', package_name: 'Starter Pack', credits: 8, list_price_cents: 800, discount_cents: 160, amount_cents: 640, refunded_cents: 0,
    currency: 'usd', coupon_code: 'WELCOME20', status: 'succeeded', status_detail: null, created_at: at, succeeded_at: at, updated_at: at,
  };
  await put({ ...keys.payment(pi), ...keys.paymentIndex(at, pi), ...payment });
  const eventId = `evt_${tag}`;
  const payload = { id: eventId, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: pi, amount: 640, metadata: { marker: `payload-${tag}` } } } };
  const event: StripeEventRecord = { entity: 'stripe_event', event_id: eventId, type: payload.type, created_at: at, received_at: at, payload_json: JSON.stringify(payload), payment_intent_id: pi, livemode: false };
  await put({ ...keys.stripeEvent(eventId), ...event });
  const delivery: StripeDeliveryRecord = { entity: 'stripe_delivery', delivery_id: `${eventId}-1`, event_id: eventId, type: event.type, received_at: at, outcome: 'fulfilled', detail: 'credits granted: 8', payment_intent_id: pi, livemode: false };
  await put({ ...keys.stripeEventDelivery(eventId, delivery.delivery_id), ...keys.stripeDeliveryIndex(at, delivery.delivery_id), ...delivery });
  return { pi, eventId };
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Issue 26: the admin tables fit at 1280 px (no table frame scrolls sideways) and at 375 px scroll inside their own
 * frame, never the page (the page is never wider than the screen). Answers the labels of the frames wider than they show.
 */
async function tablesThatScroll(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="tabpanel"] [role="region"]:has(> table)')]
      .filter((frame) => frame.scrollWidth > frame.clientWidth + 1)
      .map((frame) => `${frame.getAttribute('aria-label')} (${frame.scrollWidth} > ${frame.clientWidth})`),
  );
}
async function tablesFit(page: Page, w: number) {
  if (w >= 1280) expect(await tablesThatScroll(page)).toEqual([]);
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(w);
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab', { name }).click();
  await expect.poll(() => page.getByRole('tab', { name }).getAttribute('data-state')).toBe('active');
}

describe('admin area', () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 375, height: 740 }]) {
    const w = viewport.width;
    it(`a super user sees a payment and a Stripe event, opens its payload, creates a coupon and grants bonus credits (${w} px)`, async () => {
      const { page, email } = await signedInDealer(session.browser, session.url, { name: `admin-${w}`, dealerName: 'Lot Finance', viewport });
      expect(await promoteToSuperUser(new DynamoDbAccountStore(), email)).toMatchObject({ role: 'super' });
      const tag = randomUUID().replace(/-/g, '').slice(0, 16);
      const { pi, eventId } = await seedPurchase(tag);

      await page.goto(`${session.url}/dashboard/admin`);
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
      if (w >= 768) await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Admin' }).waitFor();

      // Payments: the seeded purchase with its dealer, package, coupon, amount and status; today's total.
      const payment = page.getByTestId('payments-table').getByRole('row').filter({ hasText: pi });
      await payment.waitFor();
      for (const text of ['Bayview Car Center', 'Starter Pack', 'WELCOME20', '$6.40', 'succeeded']) expect(await payment.textContent()).toContain(text);
      await page.getByRole('region', { name: 'Per day' }).getByRole('row').filter({ hasText: new Date().toISOString().slice(0, 10) }).waitFor();
      await tablesFit(page, w);
      await screenshot(page, { path: `test-results/admin-payments-${w}.png`, fullPage: true });

      // Stripe events: the delivery with its outcome, then the payload.
      await openTab(page, 'Stripe Events');
      const row = page.getByTestId('stripe-events-table').getByRole('row').filter({ hasText: eventId });
      await row.getByText('fulfilled').waitFor();
      await tablesFit(page, w);
      await screenshot(page, { path: `test-results/admin-stripe-events-${w}.png`, fullPage: true });
      await row.getByRole('button', { name: `View event ${eventId}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Stripe event' });
      await dialog.getByTestId('event-payload').getByText(`"marker": "payload-${tag}"`).waitFor();
      await dialog.getByText('credits granted: 8').waitFor();
      await screenshot(page, { path: `test-results/admin-stripe-event-payload-${w}.png` });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // Focus is back on the View button that opened it (issue 26), not on the page body.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`View event ${eventId}`);

      // Coupons: create one limited to the Starter Pack; a second create of the same code is refused.
      await openTab(page, 'Coupons');
      const code = `SPRING${tag.slice(0, 6).toUpperCase()}`;
      const form = page.getByRole('form', { name: 'Create coupon' });
      await form.getByLabel('Code').fill(code.toLowerCase());
      await form.getByLabel('Percent off').fill('15');
      await form.getByLabel('Maximum redemptions (optional)').fill('50');
      await form.getByLabel('Starter Pack').check();
      await form.getByRole('button', { name: 'Create Coupon' }).click();
      const couponRow = page.getByTestId('coupons-table').getByRole('row').filter({ hasText: code });
      await couponRow.waitFor();
      for (const text of ['15% off', '0 of 50', 'starter', 'Active']) expect(await couponRow.textContent()).toContain(text);
      await form.getByLabel('Code').fill(code);
      await form.getByLabel('Percent off').fill('30');
      await form.getByRole('button', { name: 'Create Coupon' }).click();
      await form.getByRole('alert').getByText(ADMIN_MESSAGES.couponExists(code)).waitFor();
      await tablesFit(page, w);
      await screenshot(page, { path: `test-results/admin-coupons-${w}.png`, fullPage: true });

      // Bonus credits: granted to this account (a dealer like any other), then seen on its balance card.
      await openTab(page, 'Bonus Credits');
      const grant = page.getByRole('form', { name: 'Grant bonus credits' });
      await grant.getByLabel('Dealer e-mail').fill(email);
      await grant.getByLabel('Credits').fill('12');
      await grant.getByLabel('Reason').fill('Launch partner');
      await grant.getByRole('button', { name: 'Grant Bonus Credits' }).click();
      const granted = grant.getByRole('status').filter({ hasText: 'Granted 12 bonus credits' });
      await granted.waitFor();
      expect(await granted.textContent()).toContain('now has 17 credits');
      await screenshot(page, { path: `test-results/admin-bonus-${w}.png`, fullPage: true });

      for (const name of ['Packages', 'Inbox']) {
        await openTab(page, name);
        await page.getByRole('tabpanel').getByRole('heading').first().waitFor();
        await expect.poll(() => page.getByRole('tabpanel').getByRole('status').count()).toBe(0);
        await tablesFit(page, w);
        await screenshot(page, { path: `test-results/admin-${name.toLowerCase()}-${w}.png`, fullPage: true });
      }

      await page.goto(`${session.url}/dashboard`);
      await expect.poll(() => page.getByTestId('total-credits').textContent()).toBe('17');
      const expires = new Date(Date.now() + BONUS_CREDIT_LIFETIME_MS);
      const bonusLine = page.getByTestId('bonus-expiry');
      await bonusLine.waitFor();
      expect(await bonusLine.textContent()).toMatch(/^12 bonus credits expire on /);
      expect(await bonusLine.textContent()).toContain(String(expires.getFullYear()));
      await page.getByTestId('trial-expiry').getByText(/^5 trial credits expire on /).waitFor();
      await screenshot(page, { path: `test-results/admin-granted-balance-${w}.png` });
    }, 150_000);
  }

  it('a standard user who opens /dashboard/admin sees Access Restricted and no Admin link', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'not-admin' });
    expect(await page.getByRole('navigation', { name: 'Dashboard navigation' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    const refused: number[] = [];
    page.on('response', (r) => r.url().includes('/api/admin/') && refused.push(r.status()));
    await page.goto(`${session.url}/dashboard/admin`);
    await page.getByRole('heading', { name: ADMIN_MESSAGES.accessRestrictedTitle }).waitFor();
    await page.getByText(ADMIN_MESSAGES.accessRestricted).waitFor();
    expect(await page.getByRole('tablist', { name: 'Admin sections' }).count()).toBe(0);
    expect(refused).toEqual([]); // the page asks nothing of the admin API for a standard user
    await screenshot(page, { path: 'test-results/admin-restricted-1280.png' });
  }, 90_000);
});
