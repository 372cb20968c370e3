import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@shared/messages';
import { unzipSync } from 'fflate';
import { downloadedBytes, useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { noSideScroll, seriousAxeViolations } from '../support/axe';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * A car page that sells (issue 41, item 6), the dealer's side: the dealer sets a phone, contact e-mail and address in
 * Settings ("Car page contact", a wrong phone refused with its reason); the VIN and stock number list on the gallery's
 * card and the package page (one component, compact on the card); shared, the car's page offers its own dealer, signed
 * in, "Download all" (the package's zip). The buyer's side is shared-car-buyer.test.ts. At 375 and 1280 px, axe clean;
 * screenshots in test-results/shared-car-contact/.
 */
useLocalHost();
const session = useBrowserSession();
const h = await import('../support/car-package-harness');
const { sharePackage } = await import('../../functions/src/sharing/share');
const { DynamoDbShareStore } = await import('../../functions/src/sharing/dynamodb-share-store');
const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const { ADDRESS, CAR, MAIL, PHONE, SHOTS, STOCK_NUMBER, VIN, finishedCarPackage } = await import('./shared-car-fixture');
const shares = new DynamoDbShareStore();

describe('the car page that sells: the dealer', () => {
  it('the dealer sets the car page contact in Settings (a wrong phone refused with its reason); the card and the package page list the VIN and stock number', async () => {
    const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: 'carpage', dealerName: 'Harbour Cars', viewport: { width: 1280, height: 900 } });
    const sub = (await h.adapters.accounts.findSubByEmail(email))!;
    const id = await finishedCarPackage(sfn, sub);

    await page.goto(`${session.url}/dashboard/settings`);
    const form = page.getByTestId('car-page-contact');
    await form.getByLabel('Phone (optional)').fill('call the shop');
    await form.getByLabel('Contact e-mail (optional)').fill(MAIL);
    await form.getByLabel('Address (optional)').fill(ADDRESS);
    await form.getByRole('button', { name: 'Save contact' }).click();
    const phoneError = form.getByRole('alert');
    await phoneError.waitFor();
    expect(await phoneError.textContent()).toMatch(/^Enter the phone number as a buyer dials it/);
    expect(await form.getByLabel('Phone (optional)').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Phone (optional)').fill(PHONE);
    expect(await form.getByRole('alert').count()).toBe(0);
    await form.getByRole('button', { name: 'Save contact' }).click();
    await page.getByText(CONTACT_MESSAGES.saved).waitFor();
    expect(await h.adapters.accounts.getProfile(sub)).toMatchObject({ contact_phone: PHONE, contact_email: MAIL, contact_address: ADDRESS });
    expect(await seriousAxeViolations(page, '[data-testid=car-page-contact]')).toEqual([]);
    await screenshot(form, { path: `${SHOTS}/settings-contact-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await form.scrollIntoViewIfNeeded();
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(form, { path: `${SHOTS}/settings-contact-375.png` });

    // The review mend: one list of the car's VIN and stock number, compact on the card, whole on the package page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${session.url}/dashboard/car-packages`);
    const card = page.getByTestId('package-card').filter({ hasText: CAR });
    const cardIds = card.getByTestId('package-card-ids');
    await cardIds.waitFor();
    expect(await cardIds.locator('dt').allTextContents()).toEqual(['VIN', 'Stock']);
    expect(await cardIds.locator('dd').allTextContents()).toEqual([VIN, STOCK_NUMBER]);
    await screenshot(card, { path: `${SHOTS}/card-ids-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(card, { path: `${SHOTS}/card-ids-375.png` });
    // Cut short inside the card at 375 px, never wider than it.
    const fits = await cardIds.evaluate((dl) => dl.scrollWidth <= dl.clientWidth);
    expect(fits).toBe(true);
    await card.getByRole('button').first().click();
    const identity = page.getByTestId('package-car-identity');
    await identity.waitFor({ timeout: 15_000 });
    expect(await identity.locator('dt').allTextContents()).toEqual(['VIN', 'Stock number', 'Decoded']);
    expect(await identity.locator('dd').first().textContent()).toBe(VIN);
    expect(await identity.locator('dd').last().textContent()).toMatch(/^2003 · Honda · Accord/);
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(identity, { path: `${SHOTS}/package-identity-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(identity, { path: `${SHOTS}/package-identity-1280.png` });

    // Shared, the page offers its own dealer (signed in, this browser) "Download all": the package's zip.
    const on = await sharePackage({ store: h.adapters.store, shares }, sub, id, new Date());
    await page.goto(`${session.url}${on.page_path}`);
    const mine = page.getByTestId('dealer-download');
    await mine.waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), mine.getByRole('button', { name: 'Download all (zip)' }).click()]);
    expect(download.suggestedFilename()).toBe('harbour-2003-honda-accord-studio-images.zip');
    const files = Object.keys(unzipSync(await downloadedBytes(download))).sort();
    expect(files.filter((f) => f.endsWith('.jpg'))).toHaveLength(8);
    expect(files).toContain('walk-around.mp4');
    expect(await seriousAxeViolations(page, '[data-testid=dealer-download]')).toEqual([]);
    await screenshot(mine, { path: `${SHOTS}/dealer-download-1280.png` });
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(mine, { path: `${SHOTS}/dealer-download-375.png` });
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
