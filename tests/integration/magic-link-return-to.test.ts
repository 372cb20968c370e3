import { describe, expect, it } from 'vitest';
import { RETURN_TO_MESSAGE } from '@shared/return-to';
import { useLocalHost } from '../support/local-host';
import { mailbox, uniqueEmail } from '../support/sign-in';

const { url } = useLocalHost();

async function askForLink(body: Record<string, unknown>) {
  const response = await fetch(`${url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe('POST /api/auth/magic-link with return_to: the link brings the dealer back to that page', () => {
  it('puts the dashboard page in the mailed link, beside the token', async () => {
    const email = uniqueEmail('return-to');
    expect(await askForLink({ email, trial: true, dealer_name: 'Return Motors', return_to: '/dashboard/car-packages/01ARZ3NDEKTSV4RRFFQ69G5FAV' })).toEqual({ status: 202, body: { sent: true } });
    const [mail] = await mailbox(url, email);
    expect(mail!.text).toContain(`${url}/auth/callback?return_to=%2Fdashboard%2Fcar-packages%2F01ARZ3NDEKTSV4RRFFQ69G5FAV#`);
    expect(mail!.html).toContain(`${url}/auth/callback?return_to=%2Fdashboard%2Fcar-packages%2F01ARZ3NDEKTSV4RRFFQ69G5FAV#`);
  });

  it('without return_to the link is the plain one (the Dashboard)', async () => {
    const email = uniqueEmail('no-return-to');
    await askForLink({ email, trial: true });
    const [mail] = await mailbox(url, email);
    expect(mail!.text).toMatch(new RegExp(`${url.replace(/[.:/]/g, '\\$&')}/auth/callback#[A-Za-z0-9_.-]+\\n`));
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', '/dashboard//evil.example', '/dashboard/../evil', '/dashboard/images\r\nSet-Cookie: x=1', '/contact'])(
    'refuses %j with a clear 400, and mails nothing (an open redirect)',
    async (returnTo) => {
      const email = uniqueEmail('evil-return');
      const answer = await askForLink({ email, trial: true, dealer_name: 'Evil Motors', return_to: returnTo });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(RETURN_TO_MESSAGE);
      // Refused before anything is done: no mail (a known address would get one with a valid request).
      expect(await mailbox(url, email)).toEqual([]);
    },
  );

  it('refuses a return_to over the length limit', async () => {
    const answer = await askForLink({ email: uniqueEmail('long-return'), return_to: `/dashboard/${'a'.repeat(400)}` });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^return_to must be at most \d+ characters$/);
  });
});
