import { AxeCheck } from '../support/axe';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PROCESSING_TIME_TEXT } from '@shared/brand';
import { CAROUSEL_INTERVAL_MS, TRIAL_CREDITS } from '@shared/limits';
import { MESSAGES, TRIAL_CREDIT_MESSAGES } from '@shared/messages';
import { CREDIT_EXPLAINER, DISPLAY_PLANS } from '@shared/pricing';
import { useBrowserSession, openPage } from '../support/browser';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();

async function landing(options = {}) {
  const opened = await openPage(session.browser, options);
  const scripts: string[] = [];
  opened.page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await opened.page.goto(`${session.url}/`, { waitUntil: 'networkidle' });
  await opened.page.getByRole('heading', { level: 1 }).waitFor();
  return { ...opened, scripts };
}

const sliderValue = (page: Page, index = 0) =>
  page.getByRole('slider').nth(index).evaluate((el) => Number(el.getAttribute('aria-valuenow')));

describe('landing page', () => {
  it('shows every section in the order of the spec, with its title and description', async () => {
    const { page, context, errors } = await landing();
    expect(await page.title()).toMatch(/Studio photos of your cars/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/phone photos/);

    const header = page.getByRole('banner');
    for (const anchor of ['#features', '#how-it-works', '#pricing', '#faq']) {
      await expect.poll(() => header.locator(`a[href="${anchor}"]`).count()).toBeGreaterThan(0);
    }
    await header.getByRole('button', { name: 'Login' }).waitFor();
    await header.getByRole('button', { name: 'Test for FREE!' }).waitFor();

    const h2s = await page.locator('main h2').allInnerTexts();
    const order = [
      /Trusted by/i,
      /See the difference/,
      /How It Works/,
      /Benefits for Your Dealership/,
      /pricing/i,
      /Dealer Success Stories/,
      /Secure and Compliant/,
      /Frequently Asked Questions/,
      /listing look like a studio/,
    ];
    let last = -1;
    for (const pattern of order) {
      const at = h2s.findIndex((t) => pattern.test(t));
      expect(at, `section ${pattern}`).toBeGreaterThan(last);
      last = at;
    }
    const main = page.locator('main');
    for (const text of ['No App', 'No Design Skills', '99% Faster than Manual Editing', '1. Upload', '2. Transform', '3. Download']) {
      await expect.poll(() => main.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    }
    for (const step of ['Upload Photos', 'Professional Image Generation', 'Download & Use']) {
      await main.getByRole('heading', { name: new RegExp(step) }).waitFor();
    }
    expect(await page.locator('#features li h3').count()).toBe(6);
    for (const plan of DISPLAY_PLANS) await page.locator('#pricing').getByRole('heading', { name: plan.name, exact: true }).waitFor();
    expect(await page.locator('#pricing').getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
    // What a credit buys in each flow and which credits expire (issue 26), not "1 credit = 1 photo".
    await page.locator('#pricing').getByText(CREDIT_EXPLAINER.buys, { exact: false }).waitFor();
    expect(await page.locator('#pricing').getByTestId('credit-expiry').textContent()).toBe(CREDIT_EXPLAINER.expiry);
    expect(await page.locator('#pricing').textContent()).not.toContain('1 credit = 1 photo');
    await screenshot(page.locator('#pricing'), { path: 'test-results/pricing-1280.png' });
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page.locator('#pricing'), { path: 'test-results/pricing-375.png' });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.getByRole('img', { name: 'VISA' }).count()).toBe(1);
    await main.getByRole('button', { name: 'Get 5 Free Credits' }).first().waitFor();
    await main.getByRole('button', { name: 'Existing User? Login' }).waitFor();

    const footer = page.getByRole('contentinfo');
    for (const href of ['/contact', '/terms', '/privacy']) expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    expect(await footer.innerText()).toMatch(/USA incorporated company.*virtual office/is);

    // Five sliders: the hero and four comparisons, labelled Dealer Phone Photo and a render label.
    expect(await page.getByRole('slider').count()).toBe(5);
    expect(await page.getByText('Dealer Phone Photo').count()).toBe(5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads no dashboard, dialog or Amplify code (bytes are measured by bench:web)', async () => {
    const { page, context, scripts } = await landing();
    const bytes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || e.name.endsWith('.js'))
        .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
    );
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((s) => /overview-page|car-packages|image-processor|settings-page|support-page/.test(s))).toBe(false);
    expect(scripts.some((s) => /amplify|auth-dialogs|tokenProvider/i.test(s))).toBe(false);
    // The byte count itself is measured and reported by npm run bench:web (docs/benchmarks.md).
    expect(bytes).toBeGreaterThan(0);
    await context.close();
  });

  it('moves each before/after slider by mouse drag, touch drag and keyboard, within 0-100 %', async () => {
    const { page, context } = await landing();
    const slider = page.getByTestId('before-after-slider').nth(1);
    await slider.scrollIntoViewIfNeeded();
    expect(await sliderValue(page, 1)).toBe(50);
    const box = (await slider.boundingBox())!;
    expect(box.height).toBe(400);

    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(Math.round(await sliderValue(page, 1))).toBe(25);
    // Dragging beyond the box is clamped.
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width + 200, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await sliderValue(page, 1)).toBe(100);
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 300, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await sliderValue(page, 1)).toBe(0);

    // The after picture is revealed right of the divider.
    const clip = () => page.getByTestId('before-after-slider').nth(1).locator('img').nth(1).evaluate((el) => (el as HTMLElement).style.clipPath);
    expect(await clip()).toBe('inset(0px 0px 0px 0%)');

    const handle = page.getByRole('slider').nth(1);
    await handle.focus();
    await page.keyboard.press('ArrowLeft');
    expect(await sliderValue(page, 1)).toBe(0);
    await page.keyboard.press('ArrowRight');
    expect(await sliderValue(page, 1)).toBe(5);
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowRight');
    expect(await sliderValue(page, 1)).toBe(100);
    await page.keyboard.press('Home');
    expect(await sliderValue(page, 1)).toBe(0);
    await context.close();
  });

  it('follows a touch drag and is 300 px high on a phone', async () => {
    const { page, context } = await landing({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });
    const slider = page.getByTestId('before-after-slider').first();
    await slider.scrollIntoViewIfNeeded();
    const box = (await slider.boundingBox())!;
    expect(box.height).toBe(300);
    const cdp = await context.newCDPSession(page);
    const y = box.y + box.height / 2;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', box.x + box.width / 2);
    for (const f of [0.6, 0.7, 0.8]) await touch('touchMove', box.x + box.width * f);
    await touch('touchEnd', 0);
    expect(Math.round(await sliderValue(page, 0))).toBe(80);
    await context.close();
  });

  it('advances the testimonials every 5 s, wrapping, and stops for good after a manual press', async () => {
    const { page, context } = await landing();
    const current = () => page.locator('[aria-roledescription="slide"]:not([hidden])').getAttribute('aria-label');
    expect(await current()).toBe('1 of 3');
    await page.waitForTimeout(CAROUSEL_INTERVAL_MS + 300);
    expect(await current()).toBe('2 of 3');
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    expect(await current()).toBe('3 of 3');
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    expect(await current()).toBe('1 of 3'); // wraps
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    expect(await current()).toBe('3 of 3'); // wraps backwards
    await page.waitForTimeout(CAROUSEL_INTERVAL_MS + 500);
    expect(await current()).toBe('3 of 3'); // stopped for good
    await context.close();
  });

  it('keeps one FAQ answer open at a time, and the open one can be closed', async () => {
    const { page, context } = await landing();
    const faq = page.locator('#faq');
    const triggers = faq.locator('button[aria-expanded]');
    expect(await triggers.count()).toBeGreaterThanOrEqual(5);
    const expanded = async () => (await triggers.evaluateAll((els) => els.map((e) => e.getAttribute('aria-expanded')))).filter((v) => v === 'true').length;
    expect(await expanded()).toBe(0);
    await triggers.nth(0).click();
    expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('true');
    await triggers.nth(2).focus();
    await page.keyboard.press('Enter');
    expect(await triggers.nth(2).getAttribute('aria-expanded')).toBe('true');
    expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await expanded()).toBe(1);
    expect(await faq.getByText(PROCESSING_TIME_TEXT.answer).isVisible()).toBe(true);
    await triggers.nth(2).click();
    expect(await expanded()).toBe(0);
    await context.close();
  });

  it('quotes the measured processing time, the same in the benefits and the FAQ, at 375 and 1280 px (issue 39, item 5)', async () => {
    for (const width of [375, 1280]) {
      const { page, context } = await landing({ viewport: { width, height: 800 } });
      const benefits = page.locator('#features');
      await benefits.getByText(PROCESSING_TIME_TEXT.short, { exact: false }).waitFor();
      expect(await page.getByText(/1000x|about 1 second per photo/).count()).toBe(0);
      await page.locator('#faq').getByRole('button', { name: 'How long does processing take?' }).click();
      await page.locator('#faq').getByText(PROCESSING_TIME_TEXT.answer).waitFor();
      await screenshot(benefits, { path: `test-results/landing-benefits-${width}.png` });
      await screenshot(page.locator('#faq'), { path: `test-results/landing-faq-${width}.png` });
      await context.close();
    }
  });

  it('opens the trial dialog with the plan of the pricing card, and the login dialog refuses an address without @', async () => {
    const { page, context } = await landing();
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_local/cognito') || r.url().includes('/api/')) apiCalls.push(r.url());
    });
    await page.getByRole('button', { name: 'Test for FREE!' }).click();
    await page.getByRole('dialog', { name: 'Start Your Starter Free Trial' }).waitFor();
    // It offers the credits as they are granted: at the first sign-in, once per person (issue 39, item 5).
    await page.getByText(`${TRIAL_CREDIT_MESSAGES.offer(TRIAL_CREDITS)} No credit card needed.`).waitFor();
    expect(await page.getByRole('dialog').getByText(/activated|in seconds/).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Start free trial with Professional' }).click();
    await page.getByRole('dialog', { name: 'Start Your Pro Free Trial' }).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome back' });
    await dialog.waitFor();
    // Focus is inside the dialog.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await dialog.getByLabel('Email').fill('dealer.example.com');
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await dialog.getByText(MESSAGES.invalidEmail).waitFor();
    await dialog.getByLabel('Email').fill('');
    await dialog.getByRole('button', { name: 'Send Magic Link' }).click();
    await dialog.getByText(MESSAGES.invalidEmail).waitFor();
    expect(apiCalls).toEqual([]);
    await context.close();
  });

  it('has no serious or critical accessibility violation', async () => {
    const { page, context } = await landing();
    const result = await new AxeCheck(page).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  }, 60_000); // axe over the whole landing page: 3-5 s alone, past 30 s on a loaded machine

  it('can be used by keyboard: the first Tab stops are the skip link, the brand and the header links', async () => {
    const { page, context } = await landing();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      seen.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
    }
    expect(seen).toEqual(expect.arrayContaining(['Features', 'Pricing', 'FAQ', 'Login', 'Test for FREE!']));
    // A visible focus indicator: the focused element has an outline.
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    await context.close();
  });
});
