import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { seriousViolations, visitPublicPage } from '../support/public-page';

/** The public contact page (its refusals, the message reaching the mailbox, the server's refusal) and the legal pages; not found, the error fallback and the widths: public-pages-errors-and-widths.test.ts. */
const session = useBrowserSession();

const visit = (path: string, viewport?: { width: number; height: number }) => visitPublicPage(session, path, viewport);

interface Mail {
  to: string | string[];
  subject: string;
  text: string;
}
async function mailbox(): Promise<Mail[]> {
  const response = await fetch(`${session.url}/_local/mailbox/messages.json`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

describe('contact page', () => {
  it('refuses blank fields, checks the address, sends, shows Message Sent! and the message reaches the mailbox', async () => {
    const { page, context, errors } = await visit('/contact');
    expect(await page.title()).toMatch(/Contact Us/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/24 hours/);
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    await page.getByRole('heading', { name: 'Enterprise Inquiries' }).waitFor();
    await page.getByRole('heading', { name: 'General Support' }).waitFor();
    expect(await page.getByText(/Support section of your dashboard/).count()).toBe(1);

    const send = page.getByRole('button', { name: 'Send Message' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('Name').fill('   ');
    await page.getByLabel('Email').fill('dealer@example.com');
    await page.getByLabel('Message').fill('Hello');
    expect(await send.isDisabled()).toBe(true); // blank after trimming

    const marker = `Pricing for 40 cars a month ${Date.now()}`;
    await page.getByLabel('Name').fill('Maria Gonzalez');
    await page.getByLabel('Email').fill('maria-at-example.com');
    await page.getByLabel('Message').fill(marker);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await send.click();
    await page.getByText(MESSAGES.invalidEmail).waitFor();
    expect(posts).toEqual([]);

    await page.getByLabel('Email').fill('maria@sunbelt-preowned.example');
    await send.click();
    await page.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    expect(posts.some((u) => u.endsWith('/api/contact'))).toBe(true);
    await page.getByRole('status').getByRole('link', { name: 'Back to Home' }).waitFor();

    await expect.poll(async () => (await mailbox()).some((m) => m.text.includes(marker)), { timeout: 10_000 }).toBe(true);
    expect(errors).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows the server refusal inline when the API says no', async () => {
    const { page, context } = await visit('/contact');
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ message: MESSAGES.tooManyRequests, code: 'too_many_requests' }),
      }),
    );
    await page.getByLabel('Name').fill('Tom');
    await page.getByLabel('Email').fill('tom@example.com');
    await page.getByLabel('Message').fill('Hi');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.tooManyRequests }).waitFor();
    expect(await page.getByRole('heading', { name: 'Message Sent!' }).count()).toBe(0);
    await context.close();
  });
});

describe('legal pages', () => {
  it('Terms of Service has its 8 sections, last updated January 2025, and a way back home', async () => {
    const { page, context } = await visit('/terms');
    expect(await page.title()).toMatch(/Terms of Service/);
    expect(await page.locator('main h2').count()).toBe(8);
    const text = await page.locator('main').innerText();
    expect(text).toContain('Last updated: January 2025');
    for (const t of ['Acceptance', 'Description of Service', 'Accounts', 'Payment and Credits', 'Intellectual Property', 'Liability', 'Changes', 'Contact']) {
      expect(text).toContain(t);
    }
    expect(text).toMatch(/5 free trial credits/);
    await page.getByRole('link', { name: 'Back to Home' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('Privacy Policy and GDPR has its 10 sections, 30-day deletion and the real third parties', async () => {
    const { page, context } = await visit('/privacy');
    expect(await page.locator('main h2').count()).toBe(10);
    const text = await page.locator('main').innerText();
    expect(text).toContain('Last updated: January 2025');
    expect(text).toMatch(/permanently deleted within 30 days/);
    for (const party of ['Stripe', 'Amazon Web Services', 'OpenAI']) expect(text).toContain(party);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
