import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAGIC_LINK_LIFETIME_MS, MAGIC_LINK_MIN_INTERVAL_MS } from '@shared/limits';
import { useLocalHost } from '../support/local-host';

useLocalHost();
const { sendMagicLink, verifyMagicLink } = await import('../../functions/src/auth/magic-link');
const { LocalKeyLinkSigner } = await import('../../functions/src/auth/local-key-signer');
const { DynamoDbMagicLinkStore } = await import('../../functions/src/auth/dynamodb-magic-link-store');
const { OutboxMailer, readOutbox } = await import('../../functions/src/mail/outbox-mailer');

const dir = await mkdtemp(join(tmpdir(), 'magic-link-'));
const origin = 'https://app.example.com';
let clock = Date.now();
const deps = {
  signer: new LocalKeyLinkSigner(join(dir, 'key.pem')),
  store: new DynamoDbMagicLinkStore(),
  mailer: new OutboxMailer(join(dir, 'outbox'), 'test@example.com'),
  allowedOrigins: async () => [origin],
  now: () => clock,
};
const lastToken = async () => /#(\S+)/.exec((await readOutbox(join(dir, 'outbox')))[0]!.text)![1]!;

describe('magic link lifetime (real signer and table, controlled clock)', () => {
  it('works up to 15 minutes after sending, not after', async () => {
    const email = `late-${Date.now()}@example.com`;
    clock = Date.now();
    expect(await sendMagicLink(deps, { userName: 'user-late', email, redirectOrigin: origin })).toBe('sent');
    const token = await lastToken();
    clock += MAGIC_LINK_LIFETIME_MS + 1;
    expect(await verifyMagicLink(deps, { userName: 'user-late', token })).toBe(false);

    const email2 = `intime-${Date.now()}@example.com`;
    expect(await sendMagicLink(deps, { userName: 'user-intime', email: email2, redirectOrigin: origin })).toBe('sent');
    const token2 = await lastToken();
    clock += MAGIC_LINK_LIFETIME_MS - 1000;
    expect(await verifyMagicLink(deps, { userName: 'user-intime', token: token2 })).toBe(true);
  });

  it('a newer link (after the minute) replaces the older one, which stops working', async () => {
    const email = `renew-${Date.now()}@example.com`;
    clock = Date.now();
    await sendMagicLink(deps, { userName: 'user-renew', email, redirectOrigin: origin });
    const first = await lastToken();
    clock += MAGIC_LINK_MIN_INTERVAL_MS - 1;
    expect(await sendMagicLink(deps, { userName: 'user-renew', email, redirectOrigin: origin })).toBe('throttled');
    clock += 2;
    expect(await sendMagicLink(deps, { userName: 'user-renew', email, redirectOrigin: origin })).toBe('sent');
    const second = await lastToken();
    expect(await verifyMagicLink(deps, { userName: 'user-renew', token: first })).toBe(false);
    expect(await verifyMagicLink(deps, { userName: 'user-renew', token: second })).toBe(true);
  });

  it('concurrent use of one link signs in exactly once', async () => {
    const email = `race-${Date.now()}@example.com`;
    clock = Date.now();
    await sendMagicLink(deps, { userName: 'user-race', email, redirectOrigin: origin });
    const token = await lastToken();
    const results = await Promise.all(Array.from({ length: 10 }, () => verifyMagicLink(deps, { userName: 'user-race', token })));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('a link to another site is refused before anything is stored or sent', async () => {
    const before = (await readOutbox(join(dir, 'outbox'))).length;
    expect(await sendMagicLink(deps, { userName: 'u', email: 'x@example.com', redirectOrigin: 'https://evil.example.net/auth' })).toBe('origin-not-allowed');
    expect((await readOutbox(join(dir, 'outbox'))).length).toBe(before);
  });
});
