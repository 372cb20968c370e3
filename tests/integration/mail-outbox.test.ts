import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '@shared/limits';
import { useLocalHost } from '../support/local-host';

const { url } = useLocalHost();

interface Mail { to: string; subject: string; text: string; replyTo?: string }
const mailbox = async (): Promise<Mail[]> => ((await (await fetch(`${url}/_local/mailbox/messages.json`)).json()) as { messages: Mail[] }).messages;
const send = (body: unknown) =>
  fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Sends from another loopback address (127.0.0.0/8), so the per-client window is this test's alone. */
function sendFrom(localAddress: string, body: unknown): Promise<number> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/contact', method: 'POST', localAddress, headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('contact messages land in the local mailbox', () => {
  it('a message is stored and mailed to support, with the sender as reply-to', async () => {
    const marker = `marker-${Date.now()}`;
    const res = await send({ name: 'Dana Dealer', email: `dana+${marker}@example.com`, message: `Do you do vans? ${marker}` });
    expect(res.status).toBe(200);
    const mail = (await mailbox()).find((m) => m.text.includes(marker));
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(process.env.SUPPORT_EMAIL);
    expect(mail!.replyTo).toBe(`dana+${marker}@example.com`);
    const html = await (await fetch(`${url}/_local/mailbox`)).text();
    expect(html).toContain('Contact form: message from Dana Dealer');
  });

  it('?to= keeps the mail to one address, and a mail sent after a look is in the next look', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    const toOne = async () => ((await (await fetch(`${url}/_local/mailbox/messages.json?to=${encodeURIComponent(email)}`)).json()) as { messages: Mail[] }).messages;
    expect(await toOne()).toEqual([]);
    const link = await fetch(`${url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, trial: true, dealer_name: 'Outbox Motors' }) });
    expect(link.status).toBe(202);
    await expect.poll(async () => (await toOne()).length).toBe(1);
    expect((await toOne())[0]).toMatchObject({ to: email, text: expect.stringContaining('/auth/callback#') });
    expect((await mailbox()).filter((m) => m.to !== email).length).toBeGreaterThan(0);
  });

  it(`one address gets ${CONTACT_RATE_LIMIT.perEmail} messages an hour, then 429 and nothing more is mailed`, async () => {
    const email = `busy-${Date.now()}@example.com`;
    for (let i = 0; i < CONTACT_RATE_LIMIT.perEmail; i++) {
      expect((await send({ name: 'Busy', email, message: `n${i}` })).status).toBe(200);
    }
    const before = (await mailbox()).filter((m) => m.replyTo === email).length;
    const refused = await send({ name: 'Busy', email, message: 'one too many' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many requests/);
    expect((await mailbox()).filter((m) => m.replyTo === email).length).toBe(before);
  });

  it(`one client gets ${CONTACT_RATE_LIMIT.perClient} messages an hour, whatever the addresses`, async () => {
    const ip = `127.0.${Math.floor(Math.random() * 200) + 20}.${Math.floor(Math.random() * 200) + 20}`;
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_RATE_LIMIT.perClient; i++) {
      statuses.push(await sendFrom(ip, { name: 'Bot', email: `bot${i}-${Date.now()}@example.com`, message: 'spam' }));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CONTACT_RATE_LIMIT.perClient);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('when the mail cannot be sent', () => {
  it('the message is kept (marked mail_failed) and the sender gets a clear 503, not a 500', async () => {
    const { sendContactMessage } = await import('../../functions/src/contact/send-contact-message');
    const { DynamoDbContactMessageStore } = await import('../../functions/src/contact/dynamodb-contact-message-store');
    const { OutboxMailer } = await import('../../functions/src/mail/outbox-mailer');
    const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
    const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    // A real outbox that cannot write: its folder would have to live inside a plain file.
    const { writeFile } = await import('node:fs/promises');
    const blocker = join(tmpdir(), `not-a-folder-${Date.now()}`);
    await writeFile(blocker, 'x');
    const brokenMailer = new OutboxMailer(join(blocker, 'outbox'), 'x@example.com');
    const store = new DynamoDbContactMessageStore();
    let stored: string | undefined;
    const spyStore = { saveWithinLimits: store.saveWithinLimits.bind(store), markMailed: (id: string, o: 'mailed' | 'mail_failed') => ((stored = id), store.markMailed(id, o)) };
    await expect(
      sendContactMessage({ store: spyStore, mailer: brokenMailer, supportEmail: 's@example.com' }, { name: 'Ann', email: `broken-${Date.now()}@example.com`, message: 'hi' }, '10.9.9.9'),
    ).rejects.toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/could not be sent right now/) });
    const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.contactMessage(stored!) }))).Item;
    expect(item?.status).toBe('mail_failed');
  });
});
