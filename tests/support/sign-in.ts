import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BATCH_MESSAGES, MY_IMAGES_MESSAGES } from '@shared/messages';
import { openPage, type OpenedPage } from './browser';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  createdAt: string;
}

/** Every mail of the local outbox (the local mailbox's JSON view), or the mail to one address. */
export async function mailbox(url: string, to?: string): Promise<Mail[]> {
  const response = await fetch(`${url}/_local/mailbox/messages.json${to === undefined ? '' : `?to=${encodeURIComponent(to)}`}`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

/** The "car package is ready" (or "could not be made") mails to one address, oldest first. */
export async function readyMailsTo(url: string, to: string): Promise<Mail[]> {
  return (await mailbox(url, to)).filter((m) => /car package (is ready|could not be made)/.test(m.subject));
}

export const uniqueEmail = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A mailed sign-in link, with the page it returns to (`?return_to=`) when the request named one. */
const LINK = /(https?:\/\/\S+\/auth\/callback(?:\?return_to=[A-Za-z0-9%._~-]+)?#[A-Za-z0-9_.-]+)/;

/** Waits for the next sign-in mail to `email` (one more than `seenBefore`) and returns its link and mail. */
export async function waitForSignInLink(url: string, email: string, seenBefore = 0): Promise<{ link: string; mail: Mail }> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailbox(url, email))
          .filter((m) => m.to === email && LINK.test(m.text))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
        found = mails.length > seenBefore ? mails.at(-1) : undefined;
        return Boolean(found);
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(true);
  return { link: LINK.exec(found!.text)![1]!, mail: found! };
}

export async function signInMailCount(url: string, email: string): Promise<number> {
  return (await mailbox(url, email)).filter((m) => m.to === email && LINK.test(m.text)).length;
}

/** Names the step that failed: a bare "locator.click: Timeout" says nothing on a loaded machine. */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** The landing page's Test for FREE! dialog: e-mail, dealership name, Start Free Trial, until the sent view. */
export async function startTrialThroughUi(page: Page, url: string, email: string, dealerName: string): Promise<void> {
  await step('open the landing page', () => page.goto(url, { waitUntil: 'networkidle' }));
  await step('open the trial dialog', () => page.getByRole('banner').getByRole('button', { name: 'Test for FREE!' }).click());
  const dialog = page.getByRole('dialog');
  await step('fill the trial dialog', async () => {
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Dealership name (optional)').fill(dealerName);
  });
  await step('send the trial dialog', () => dialog.getByRole('button', { name: 'Start Free Trial' }).click());
  await step('wait for the trial sent view', () => dialog.getByRole('heading', { name: 'Check your email to sign in' }).waitFor({ timeout: 20_000 }));
}

/** The landing page's Login dialog: e-mail, Send Magic Link, until "Check your email". */
export async function requestLinkThroughUi(page: Page, url: string, email: string): Promise<void> {
  await step('open the landing page', () => page.goto(url, { waitUntil: 'networkidle' }));
  await step('open the Login dialog', () => page.getByRole('banner').getByRole('button', { name: 'Login' }).click());
  const dialog = page.getByRole('dialog');
  await step('fill the Login dialog', () => dialog.getByLabel('Email').fill(email));
  await step('send the Login dialog', () => dialog.getByRole('button', { name: 'Send Magic Link' }).click());
  await step('wait for "Check your email"', () => dialog.getByRole('heading', { name: 'Check your email' }).waitFor({ timeout: 20_000 }));
}

/** Opens a link from the mailbox and waits for the dashboard. */
export async function openLinkToDashboard(page: Page, link: string): Promise<void> {
  await openLinkToPage(page, link, '/dashboard');
}

/** The level-1 heading of each dashboard page a sign-in link may return to (by its path, without the query). */
const PAGE_HEADINGS: Record<string, string> = {
  '/dashboard': 'Dashboard',
  '/dashboard/car-packages': 'Car Packages',
  '/dashboard/images': MY_IMAGES_MESSAGES.title,
  '/dashboard/settings': 'Settings',
  '/dashboard/support': 'Support Center',
  '/dashboard/image-processor': BATCH_MESSAGES.pageTitle,
  '/dashboard/admin': 'Admin',
};

/** Opens a link from the mailbox and waits for the page it returns to (`path`, e.g. /dashboard/images?x=1) and its heading. */
export async function openLinkToPage(page: Page, link: string, path: string): Promise<void> {
  const pathname = path.split('?')[0]!;
  const heading = PAGE_HEADINGS[pathname];
  if (!heading) throw new Error(`No heading known for ${pathname}: add it to PAGE_HEADINGS`);
  const expected = new URL(path, 'http://x');
  await step('open the link', () => page.goto(link));
  await step(`wait for ${path}`, () =>
    page.waitForURL((u) => u.pathname === expected.pathname && u.search === expected.search, { timeout: 30_000 }),
  );
  await step(`wait for the ${heading} heading`, () => page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor());
}

/**
 * Asks for a trial sign-in link as the landing page's Test for FREE! dialog does (the same request to
 * POST /api/auth/magic-link: the account is created with its dealership name, the link mailed).
 */
export async function requestTrialLink(url: string, email: string, dealerName: string, returnTo?: string): Promise<void> {
  const response = await fetch(`${url}/api/auth/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, trial: true, dealer_name: dealerName, ...(returnTo ? { return_to: returnTo } : {}) }),
  });
  expect(response.status, await response.text()).toBe(202);
}

/**
 * A new dealer signed up (the trial dialog's request) and signed in in the browser through the mailed link (local
 * mailbox, the link, the dashboard). The landing page and its dialogs are not opened: their own tests
 * (dashboard-sign-in, public-landing, trial-credits-once) go through them; every other page test starts here.
 * With `page` (e.g. '/dashboard/images'), the link returns the dealer to that page (`return_to`) and the helper waits
 * for its heading: the test's page is loaded once, not the Dashboard first and then the page again.
 */
export async function signedInDealer(
  browser: Browser,
  url: string,
  options: {
    name?: string;
    dealerName?: string;
    viewport?: { width: number; height: number };
    /** A phone: touch screen, mobile viewport. */
    touch?: boolean;
    /** The dashboard page the link opens (path and query), instead of the Dashboard. */
    page?: string;
  } = {},
): Promise<OpenedPage & { email: string; dealerName: string }> {
  const email = uniqueEmail(options.name ?? 'dealer');
  const dealerName = options.dealerName ?? 'Sunbelt Pre-Owned';
  const opened = await openPage(browser, { ...(options.viewport ? { viewport: options.viewport } : {}), ...(options.touch ? { hasTouch: true, isMobile: true } : {}) });
  await requestTrialLink(url, email, dealerName, options.page);
  const { link } = await waitForSignInLink(url, email);
  await openLinkToPage(opened.page, link, options.page ?? '/dashboard');
  return { ...opened, email, dealerName };
}
