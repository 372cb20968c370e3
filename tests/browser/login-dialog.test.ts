import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { useBrowserSession, openPage } from '../support/browser';
import { requestLinkThroughUi, signInMailCount, uniqueEmail } from '../support/sign-in';

/**
 * The Login dialog's answers that send no mail (the whole sign-up and sign-in journey: dashboard-sign-in.test.ts,
 * which waits out the one-link-a-minute interval, so these run beside it in a file of their own).
 */
const session = useBrowserSession();

describe('the Login dialog', () => {
  it('an unknown address gets the same "Check your email" answer and no mail', async () => {
    const { page } = await openPage(session.browser);
    const email = uniqueEmail('nobody');
    await requestLinkThroughUi(page, session.url, email);
    await page.getByRole('dialog').getByText(email).waitFor();
    await new Promise((r) => setTimeout(r, 1000));
    expect(await signInMailCount(session.url, email)).toBe(0);
  });

  it('the Login dialog refuses an address without @ and sends nothing', async () => {
    const { page } = await openPage(session.browser);
    await page.goto(session.url, { waitUntil: 'networkidle' });
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.getByRole('dialog').getByLabel('Email').fill('dealer.example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Send Magic Link' }).click();
    await page.getByRole('dialog').getByText(MESSAGES.invalidEmail).waitFor();
    expect(posts).toEqual([]);
  });
});
