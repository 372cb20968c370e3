import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_CREDENTIALS } from '@shared/content-credentials';
import { SHARE_MESSAGES } from '@shared/messages';
import { openPage, useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { seriousAxeViolations } from '../support/axe';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

/**
 * Sharing a car (issue 29), as a dealer and a buyer use it: the dealer turns Share on on the package page and copies
 * the link and the embed code; a buyer opens the link signed out on a phone (the walk-around, the downloads, the content
 * credentials; axe clean); the embed shows the walk-around on another site, which may not frame the page itself; after
 * Share off the same link answers 404. The package is rendered by the real workflow definition with the scripted
 * renderer (as in walk-around.test.ts): 8 studio images.
 */
useLocalHost();
const session = useBrowserSession();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const CAR = 'Shared 2022 Volvo XC40';
const state = { pageUrl: '', embedUrl: '', snippet: '', packageId: '', sub: '', email: '' };

/** What the page shows of the account besides the dealer's name: must be nothing. */
const leaks = (html: string) => [state.sub, state.email, state.packageId].filter((secret) => html.includes(secret));

describe('sharing a car', () => {
  it('1280 px: Share is off by default; turned on, the panel shows the link, the embed code and a plain link, each with Copy', async () => {
    const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: 'share-1280', dealerName: 'Fjord Motors' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.url });
    const sub = (await h.adapters.accounts.findSubByEmail(email))!;
    const w = await h.scriptedWorkflow(sfn, {});
    const photo = await h.carPhoto();
    const id = await h.createUploadedDraft(sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), CAR);
    await startCarPackage(w.packageDeps, sub, id);
    await w.settle();
    Object.assign(state, { packageId: id, sub, email });

    await page.goto(`${session.url}/dashboard/car-packages`);
    await page.getByTestId('package-card').filter({ hasText: CAR }).getByRole('button').first().click();
    const panel = page.getByTestId('share-panel');
    const toggle = panel.getByRole('switch', { name: 'Share this car' });
    await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await panel.getByRole('textbox').count()).toBe(0);
    await toggle.click();
    const link = panel.getByRole('textbox', { name: "Link to the car's page" });
    await link.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    state.pageUrl = await link.inputValue();
    expect(state.pageUrl).toMatch(new RegExp(`^${session.url}/c/[A-Za-z0-9_-]{22}$`));
    state.embedUrl = `${state.pageUrl}/embed`;
    state.snippet = await panel.getByRole('textbox', { name: 'Embed the walk-around on your website' }).inputValue();
    expect(state.snippet).toBe(`<iframe src="${state.embedUrl}" title="Walk-around of ${CAR}" style="width:100%;aspect-ratio:4/3;border:0" loading="lazy" allowfullscreen></iframe>`);
    expect(await panel.getByRole('textbox', { name: 'Or a plain link, for sites that allow no embeds' }).inputValue()).toBe(`<a href="${state.pageUrl}">See the ${CAR} all round</a>`);

    await panel.getByRole('button', { name: 'Copy embed code' }).click();
    await page.getByText('Embed code copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(state.snippet);
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(state.pageUrl);
    expect(await seriousAxeViolations(page, '[data-testid=share-panel]')).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(panel, { path: 'test-results/share-panel-1280.png' });
    await page.setViewportSize({ width: 375, height: 740 });
    await panel.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(panel, { path: 'test-results/share-panel-375.png' });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('375 px, signed out: the link shows the car, the dealer, the walk-around, a download per image and the content credentials; axe clean; nothing else of the account', async () => {
    expect(state.pageUrl).toBeTruthy();
    const { page, context, errors } = await openPage(session.browser, { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const response = await page.goto(state.pageUrl);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: CAR }).waitFor();
    await page.getByText('Fjord Motors').first().waitFor();
    const stage = page.getByTestId('walk-around-stage');
    await expect
      .poll(() => stage.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.length === 8 && imgs.every((i) => i.complete && i.naturalWidth > 0)), { timeout: 20_000 })
      .toBe(true);
    await screenshot(page, { path: 'test-results/shared-car-375-top.png' });
    // Hydrated: the controls turn the car.
    const first = await stage.getAttribute('data-angle');
    await page.getByRole('button', { name: 'Next angle' }).click();
    await expect.poll(() => stage.getAttribute('data-angle')).not.toBe(first);
    expect(await page.getByTestId('shared-image').count()).toBe(8);
    const downloads = page.getByRole('link', { name: /^Download / });
    expect(await downloads.count()).toBe(8);
    const href = (await downloads.first().getAttribute('href'))!;
    const file = await page.request.get(`${session.url}${href}`);
    expect(file.headers()['content-type']).toBe('image/jpeg');
    expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="shared-2022-volvo-xc40-[a-z-]+\.jpg"$/);
    // The content credentials of an image, read from the file as a buyer's browser gets it.
    // One quiet badge for the page (issue 41, item 6), reading the first image's credentials.
    const mark = page.getByRole('button', { name: 'Content credentials' });
    expect(await mark.count()).toBe(1);
    await mark.click();
    const report = page.getByTestId('credentials-report');
    await report.waitFor({ timeout: 20_000 });
    // It says what the shared file itself carries: the same answer /verify gives for the downloaded file.
    const firstFull = (await page.getByTestId('shared-image').first().getByRole('link', { name: /^Download / }).getAttribute('href'))!;
    const bytes = await (await page.request.get(`${session.url}${firstFull}`)).body();
    const verified = (await (await page.request.post(`${session.url}/api/content-credentials/verify`, { data: bytes, headers: { 'content-type': 'image/jpeg' } })).json()) as { status: keyof typeof CONTENT_CREDENTIALS.status };
    expect(await report.getAttribute('data-status')).toBe(verified.status);
    expect(await report.getByRole('status').innerText()).toBe(CONTENT_CREDENTIALS.status[verified.status]);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(leaks(await page.content())).toEqual([]);
    await screenshot(page, { path: 'test-results/shared-car-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, { path: 'test-results/shared-car-1280.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("the embed shows the walk-around on another site, sized by its frame; that site cannot frame the car's page", async () => {
    expect(state.snippet).toBeTruthy();
    const { page, context, errors } = await openPage(session.browser, { viewport: { width: 375, height: 740 } });
    // The dealer's own site, another origin: the snippet as pasted, and (to prove the rest stays unframeable) the page.
    const dealerSite = `<!doctype html><html lang="en"><head><title>Fjord Motors</title><meta name="viewport" content="width=device-width"></head><body style="margin:0;font-family:sans-serif"><main style="max-width:900px;margin:auto;padding:12px"><h1>Our cars</h1>${state.snippet}<iframe id="page" src="${state.pageUrl}" title="The page" style="width:100%;height:200px;border:0"></iframe></main></body></html>`;
    // The dealer's site: another origin on this machine (a page the test fulfilled itself would count as a public site,
    // which Chromium does not let reach a local server at all).
    const dealer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(dealerSite);
    });
    await new Promise<void>((resolve) => dealer.listen(0, '127.0.0.1', resolve));
    const dealerOrigin = `http://127.0.0.1:${(dealer.address() as AddressInfo).port}`;
    await page.goto(`${dealerOrigin}/cars`);
    const embed = page.frameLocator(`iframe[src="${state.embedUrl}"]`);
    await embed.getByTestId('walk-around-stage').waitFor();
    await expect.poll(() => embed.getByTestId('walk-around-stage').locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.length === 8 && imgs.every((i) => i.complete && i.naturalWidth > 0)), { timeout: 20_000 }).toBe(true);
    await embed.getByRole('button', { name: 'Next angle' }).click();
    await expect.poll(() => embed.getByTestId('walk-around-position').textContent()).toMatch(/, 2 of 8$/);
    // The frame refused to show the page: Chromium leaves its own error page there (or, the headless shell, an empty
    // frame), without the car.
    // The dealer's page has loaded, and with it every frame in it (the load event waits for them).
    await page.waitForLoadState('load');
    const pageFrame = await (await page.locator('iframe#page').elementHandle())!.contentFrame();
    expect((await pageFrame?.content().catch(() => '')) ?? '').not.toContain(CAR);
    // The embed fills its frame: nothing of it is cut off or scrolls inside the frame.
    const frameBox = (await page.locator(`iframe[src="${state.embedUrl}"]`).boundingBox())!;
    const inner = await embed.locator('main').evaluate((m) => ({ scroll: m.ownerDocument.documentElement.scrollHeight, height: m.ownerDocument.documentElement.clientHeight }));
    expect(inner.scroll).toBeLessThanOrEqual(inner.height);
    expect(Math.round(frameBox.height)).toBe(Math.round((frameBox.width * 3) / 4));
    await screenshot(page.locator(`iframe[src="${state.embedUrl}"]`), { path: 'test-results/shared-car-embed-375.png' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page.locator(`iframe[src="${state.embedUrl}"]`), { path: 'test-results/shared-car-embed-1280.png' });
    const embedPage = await context.newPage();
    await embedPage.setViewportSize({ width: 375, height: 300 });
    await embedPage.goto(state.embedUrl);
    await embedPage.getByTestId('walk-around-stage').waitFor();
    expect(await seriousAxeViolations(embedPage)).toEqual([]);
    expect(leaks(await embedPage.content())).toEqual([]);
    expect(errors.filter((e) => !/frame-ancestors|Refused to display/.test(e))).toEqual([]);
    await context.close();
    await new Promise((resolve) => dealer.close(resolve));
  }, 120_000);

  it('after Share off the same link answers 404 at once; a random id and the package id answer 404 too', async () => {
    expect(state.pageUrl).toBeTruthy();
    const { page, context } = await openPage(session.browser, { viewport: { width: 375, height: 740 } });
    expect((await page.goto(state.pageUrl))?.status()).toBe(200);
    // The dealer turns Share off (the same call the panel's switch makes, with the dealer's own session).
    const { DynamoDbShareStore } = await import('../../functions/src/sharing/dynamodb-share-store');
    const { unsharePackage } = await import('../../functions/src/sharing/share');
    await unsharePackage({ store: h.adapters.store, shares: new DynamoDbShareStore() }, state.sub, state.packageId);
    const again = await page.goto(state.pageUrl);
    expect(again?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: SHARE_MESSAGES.goneTitle }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'test-results/shared-car-404-375.png' });
    expect((await page.goto(state.embedUrl))?.status()).toBe(404);
    for (const path of [`/c/${'x'.repeat(22)}`, `/c/${state.packageId}`, `/c/${state.packageId}/embed`]) {
      expect((await page.goto(`${session.url}${path}`))?.status(), path).toBe(404);
      expect(leaks(await page.content()), path).toEqual([]);
    }
    await context.close();
  }, 60_000);
});
