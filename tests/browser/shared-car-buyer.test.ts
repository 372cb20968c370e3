import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '@shared/messages';
import { openPage, useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { noSideScroll, seriousAxeViolations } from '../support/axe';
import { screenshot } from '../support/screenshot';

/**
 * A car page that sells (issue 41, item 6), the buyer's side: a buyer opens the shared car signed out and finds the
 * dealer's call and e-mail actions (tel: and mailto: with the car and its VIN in the subject), the address, the car's
 * VIN, stock number, year, make and model, the walk-around video (fetched only when played; its link answers byte
 * ranges) and one quiet content credentials badge; nothing of the sign-in e-mail, no "Download all". After Share off the
 * link is a branded page with a way on. The dealer's contact is set as PATCH /api/profile sets it (the Settings form is
 * shared-car-contact.test.ts). At 375 and 1280 px, axe clean; screenshots in test-results/shared-car-contact/.
 */
useLocalHost();
const session = useBrowserSession();
const h = await import('../support/car-package-harness');
const { updateProfile } = await import('../../functions/src/accounts/profile');
const { sharePackage, unsharePackage } = await import('../../functions/src/sharing/share');
const { DynamoDbShareStore } = await import('../../functions/src/sharing/dynamodb-share-store');
const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const { ADDRESS, CAR, MAIL, PHONE, SHOTS, STOCK_NUMBER, VIN, finishedCarPackage } = await import('./shared-car-fixture');
const shares = new DynamoDbShareStore();
const state = { pageUrl: '', packageId: '', sub: '', email: '' };

beforeAll(async () => {
  const dealer = await h.newDealer('carpage-buyer');
  await updateProfile({ accounts: h.adapters.accounts, credits: h.adapters.credits }, dealer.sub, { dealer_name: 'Harbour Cars', contact_phone: PHONE, contact_email: MAIL, contact_address: ADDRESS });
  const id = await finishedCarPackage(sfn, dealer.sub);
  const on = await sharePackage({ store: h.adapters.store, shares }, dealer.sub, id, new Date());
  Object.assign(state, { pageUrl: `${session.url}${on.page_path}`, packageId: id, sub: dealer.sub, email: dealer.email });
}, 90_000);

describe('the car page that sells: the buyer', () => {
  for (const width of [375, 1280]) {
    it(`${width} px, signed out: the dealer's contact as working call and e-mail links, the address, VIN, year, make and model, the video, one credentials badge; axe clean`, async () => {
      expect(state.pageUrl).toBeTruthy();
      const phone = width === 375;
      const { page, context, errors } = await openPage(session.browser, { viewport: { width, height: phone ? 740 : 900 }, ...(phone ? { hasTouch: true, isMobile: true } : {}) });
      // Every request the page makes before the buyer plays the video: the video itself is not one of them.
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      expect((await page.goto(state.pageUrl))?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: CAR }).waitFor();

      const contact = page.getByTestId('dealer-contact');
      expect(await contact.getByRole('heading').textContent()).toBe('Ask Harbour Cars about this car');
      expect(await contact.getByRole('link', { name: `Call ${PHONE}` }).getAttribute('href')).toBe('tel:+4402079460000');
      const mailto = (await contact.getByRole('link', { name: `E-mail ${MAIL}` }).getAttribute('href'))!;
      const mail = new URL(mailto);
      expect([mail.protocol, mail.pathname, mail.searchParams.get('subject')]).toEqual(['mailto:', MAIL, `${CAR} (VIN ${VIN})`]);
      expect(await contact.locator('address').innerText()).toBe(ADDRESS);
      expect(await page.getByTestId('header-call').getAttribute('href')).toBe('tel:+4402079460000');

      const identity = page.getByTestId('shared-car-identity');
      expect(await identity.locator('dt').allTextContents()).toEqual(['Year', 'Make', 'Model', 'VIN', 'Stock number']);
      const values = await identity.locator('dd').allTextContents();
      expect(values.slice(0, 2)).toEqual(['2003', 'Honda']);
      expect(values[2]).toMatch(/^Accord/);
      expect(values.slice(3)).toEqual([VIN, STOCK_NUMBER]);

      // The video: controls, muted, fetched only when played; its poster is the walk-around's first image.
      const video = page.getByTestId('shared-video');
      expect(await video.evaluate((v: HTMLVideoElement) => ({ preload: v.preload, muted: v.muted, controls: v.controls }))).toEqual({ preload: 'none', muted: true, controls: true });
      const src = (await video.locator('source').getAttribute('src'))!;
      const poster = (await video.getAttribute('poster'))!;
      expect(src).toMatch(/^\/api\/share\/[A-Za-z0-9_-]{22}\/video$/);
      expect(await page.locator('[data-testid=walk-around-stage] img').first().getAttribute('src')).toBe(poster);
      await page.waitForLoadState('load');
      expect(requested.filter((p) => p.endsWith('/video'))).toEqual([]);
      // The link answers the MP4 by byte ranges, as Safari asks for it.
      const first = await page.request.get(`${session.url}${src}`, { headers: { range: 'bytes=0-11' } });
      expect(first.status()).toBe(206);
      expect(first.headers()['content-type']).toBe('video/mp4');
      expect(first.headers()['content-range']).toMatch(/^bytes 0-11\/\d{5,}$/);
      expect((await first.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');

      // One quiet badge for the page's content credentials, not a pill on every card.
      expect(await page.getByRole('button', { name: 'Content credentials' }).count()).toBe(1);
      expect(await page.getByTestId('shared-image').getByRole('button').count()).toBe(0);
      expect(await page.getByRole('link', { name: /^Download / }).count()).toBe(8);

      // Buyers get no "Download all" (the dealer's own), and their page asked nothing of the dealer's routes.
      expect(await page.getByTestId('dealer-download').count()).toBe(0);
      expect(requested.filter((p) => p.endsWith('/owner') || p.includes('/api/car-packages'))).toEqual([]);
      // Nothing private: not the sign-in e-mail, the account or the package.
      const html = await page.content();
      expect([state.email, state.sub, state.packageId].filter((secret) => html.includes(secret))).toEqual([]);
      expect(await noSideScroll(page)).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}/shared-page-${width}.png`, fullPage: true });
      await contact.scrollIntoViewIfNeeded();
      await screenshot(page, { path: `${SHOTS}/shared-page-${width}-contact.png` });
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
  }

  it('after Share off the link is a branded page (404) that says the car page is no longer available, with a way on; axe clean at 375 and 1280 px', async () => {
    expect(state.pageUrl).toBeTruthy();
    await unsharePackage({ store: h.adapters.store, shares }, state.sub, state.packageId);
    const { page, context } = await openPage(session.browser, { viewport: { width: 375, height: 740 } });
    for (const url of [state.pageUrl, `${session.url}/c/${'Q'.repeat(22)}`]) {
      expect((await page.goto(url))?.status(), url).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(SHARE_MESSAGES.goneTitle);
      expect(await page.title()).toBe(`${SHARE_MESSAGES.goneTitle} · Studio Lot`);
      const wayOn = page.getByTestId('not-shared').getByRole('link', { name: SHARE_MESSAGES.goneWayOn });
      expect(await wayOn.getAttribute('href')).toBe('/');
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, { path: `${SHOTS}/not-shared-375.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}/not-shared-1280.png` });
    // The way on leads to the home page.
    await page.getByRole('link', { name: SHARE_MESSAGES.goneWayOn }).click();
    await page.waitForURL(`${session.url}/`);
    await context.close();
  }, 60_000);
});
