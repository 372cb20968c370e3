import { describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TRIAL_CREDITS, TRIAL_CREDIT_LIFETIME_MS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { meResponseSchema, updateProfileResponseSchema } from '@shared/schemas';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

useLocalHost();
const { ensureAccount } = await import('../../functions/src/accounts/ensure-account');
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');

const accounts = new DynamoDbAccountStore();
const store = new DynamoDbCreditStore();

/** Every item of a user's partition (profile, balance, ledger), strongly consistent. */
const partition = async (sub: string) =>
  (await dynamo().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.userPartition(sub) }, ConsistentRead: true })))
    .Items ?? [];

describe('ensureAccount: the account of a first sign-in', () => {
  it('creates profile, 5 trial credits expiring 30 days after the grant, and one ledger entry; again (even concurrently) writes nothing', async () => {
    const user = newUser();
    const granted = new Date('2026-11-01T10:00:00.000Z');
    const first = await ensureAccount({ accounts, now: () => granted }, { ...user, email: user.email.toUpperCase(), dealerName: '  Dana Motors ' });
    expect(first).toEqual({ created: true });
    const before = await partition(user.sub);
    const later = await Promise.all([1, 2, 3, 4, 5].map(() => ensureAccount({ accounts, now: () => new Date() }, { ...user, dealerName: 'Other' })));
    expect(later.every((r) => !r.created)).toBe(true);
    expect(await partition(user.sub)).toEqual(before);

    expect(before.map((i) => i.SK).sort()).toEqual(['BALANCE', 'PROFILE', `TX#TRIAL#${user.sub}`]);
    const profile = (await accounts.getProfile(user.sub))!;
    expect(profile).toMatchObject({
      id: user.sub,
      email: user.email, // lower-cased
      dealer_name: 'Dana Motors',
      logo_url: null,
      role: 'standard',
      user_type: 'trial',
      total_credits_purchased: 0,
      first_purchase_date: null,
      created_at: granted.toISOString(),
    });
    const { balance } = await store.read(user.sub, []);
    expect(balance).toMatchObject({ trial_credits: TRIAL_CREDITS, purchased_credits: 0, bonus_lots: [] });
    expect(Date.parse(balance!.trial_expires_at!) - granted.getTime()).toBe(TRIAL_CREDIT_LIFETIME_MS);
    expect(await accounts.findSubByEmail(user.email)).toBe(user.sub);
  });

  it('concurrent first sign-ins of the same user create exactly one account and one grant', async () => {
    const user = newUser();
    const results = await Promise.all(Array.from({ length: 6 }, () => ensureAccountInTable(user)));
    expect(results.filter((r) => r.created).length).toBe(1);
    const ledger = await store.listAll(user.sub);
    expect(ledger.map((e) => [e.kind, e.credits])).toEqual([['trial_grant', TRIAL_CREDITS]]);
  });

  it('refuses an input without sub or e-mail, writing nothing', async () => {
    await expect(ensureAccountInTable({ sub: '', email: 'a@b.co' })).rejects.toMatchObject({ kind: 'validation' });
    const user = newUser();
    await expect(ensureAccountInTable({ sub: user.sub, email: '' })).rejects.toMatchObject({ kind: 'validation' });
    expect(await partition(user.sub)).toEqual([]);
  });
});

describe('GET /api/me and PATCH /api/profile', () => {
  it('GET /api/me answers the profile and balance; a signed-in user without an account gets one (balance bootstrap)', async () => {
    const user = newUser();
    const res = await callRoute('GET /api/me', { user });
    expect(res.status).toBe(200);
    const me = meResponseSchema.parse(res.body);
    expect(me.profile.id).toBe(user.sub);
    expect(me.balance).toMatchObject({ user_id: user.sub, trial_credits: 5, bonus_credits: 0, purchased_credits: 0, total_credits: 5 });
    // A second call creates nothing more.
    await callRoute('GET /api/me', { user });
    expect((await store.listAll(user.sub)).length).toBe(1);
    const balance = await callRoute('GET /api/credits/balance', { user });
    expect(balance.body).toEqual(me.balance);
  });

  it('without a token there is no caller: 401', async () => {
    expect((await callRoute('GET /api/me')).status).toBe(401);
    expect((await callRoute('PATCH /api/profile', { body: { dealer_name: 'x' } })).status).toBe(401);
  });

  it('updates the dealer name (trimmed) and logo URL, and clears them with an empty value', async () => {
    const user = newUser();
    await ensureAccountInTable(user);
    let res = await callRoute('PATCH /api/profile', { user, body: { dealer_name: '  Bay Auto  ', logo_url: 'https://cdn.example.com/logos/bay.PNG' } });
    expect(res.status).toBe(200);
    expect(updateProfileResponseSchema.parse(res.body).profile).toMatchObject({ dealer_name: 'Bay Auto', logo_url: 'https://cdn.example.com/logos/bay.PNG', email: user.email });
    res = await callRoute('PATCH /api/profile', { user, body: { logo_url: '' } });
    expect(res.body.profile).toMatchObject({ dealer_name: 'Bay Auto', logo_url: null });
    res = await callRoute('PATCH /api/profile', { user, body: { dealer_name: null, user_id: user.sub } });
    expect(res.body.profile).toMatchObject({ dealer_name: null });
  });

  it('sets the car page contact (phone, address, contact e-mail; trimmed), shows none by default, and clears each with an empty value', async () => {
    const user = newUser();
    await ensureAccountInTable(user);
    const me = await callRoute('GET /api/me', { user });
    expect(meResponseSchema.parse(me.body).profile).toMatchObject({ contact_phone: null, contact_address: null, contact_email: null });
    let res = await callRoute('PATCH /api/profile', { user, body: { contact_phone: ' +44 (0)20 7946-0000 ', contact_address: '1 Quay Street\r\n\r\nBristol BS1 4DJ ', contact_email: ' sales@harbour.example ' } });
    expect(res.status).toBe(200);
    expect(updateProfileResponseSchema.parse(res.body).profile).toMatchObject({
      contact_phone: '+44 (0)20 7946-0000',
      contact_address: '1 Quay Street\nBristol BS1 4DJ',
      contact_email: 'sales@harbour.example',
      email: user.email,
    });
    // A local number as written at home is accepted too.
    res = await callRoute('PATCH /api/profile', { user, body: { contact_phone: '(555) 010-2030', contact_email: '' } });
    expect(res.body.profile).toMatchObject({ contact_phone: '(555) 010-2030', contact_address: '1 Quay Street\nBristol BS1 4DJ', contact_email: null });
    res = await callRoute('PATCH /api/profile', { user, body: { contact_phone: null, contact_address: '' } });
    expect(res.body.profile).toMatchObject({ contact_phone: null, contact_address: null, contact_email: null });
    expect((await accounts.getProfile(user.sub))).toMatchObject({ contact_phone: null, contact_address: null, contact_email: null });
  });

  const bad: [string, { body?: unknown; rawBody?: string }, number, RegExp][] = [
    ['malformed JSON', { rawBody: '{"dealer_name": "A",' }, 400, /not valid JSON/],
    ['wrong type', { body: { dealer_name: 42 } }, 400, /dealer_name must be text/],
    ['unknown field', { body: { dealer_name: 'A', role: 'super' } }, 400, /Unknown field: role/],
    ['too long', { body: { dealer_name: 'x'.repeat(121) } }, 400, /dealer_name must be at most 120 characters/],
    ['http logo', { body: { logo_url: 'http://example.com/a.png' } }, 400, /The Logo URL must be an https:\/\/ address/],
    ['not an image', { body: { logo_url: 'https://example.com/page.html' } }, 400, /The Logo URL must be an https:\/\/ address/],
    ['not a URL', { body: { logo_url: 'javascript:alert(1)' } }, 400, /The Logo URL must be an https:\/\/ address/],
    ['e-mail change', { body: { email: 'new@example.com' } }, 400, new RegExp(MESSAGES.emailCannotChange)],
    ['ready mail not a boolean', { body: { package_ready_email: 'no' } }, 400, /package_ready_email must be true or false/],
    ['nothing to change', { body: {} }, 400, /Send dealer_name, logo_url, plate_treatment, package_ready_email, contact_phone, contact_address or contact_email/],
    // The car page contact (issue 41, item 6).
    ['phone in words', { body: { contact_phone: 'call me' } }, 400, /Enter the phone number as a buyer dials it/],
    ['phone too short', { body: { contact_phone: '12 34' } }, 400, /6 to 15 digits/],
    ['phone too many digits', { body: { contact_phone: '+1 234 567 890 123 456' } }, 400, /6 to 15 digits/],
    ['phone + inside', { body: { contact_phone: '020 +7946 0000' } }, 400, /a \+ at the start only/],
    ['phone not text', { body: { contact_phone: 5550102030 } }, 400, /contact_phone must be text/],
    ['address too long', { body: { contact_address: 'x'.repeat(201) } }, 400, /The address must be at most 200 characters/],
    ['address with a control character', { body: { contact_address: '1 Quay St\u0007' } }, 400, /letters, digits, punctuation and line breaks only/],
    ['contact e-mail not an address', { body: { contact_email: 'sales at harbour' } }, 400, /Enter the contact e-mail as name@example.com/],
    ['contact e-mail too long', { body: { contact_email: `${'a'.repeat(250)}@x.io` } }, 400, /The contact e-mail must be at most 254 characters/],
    ['array body', { body: [] }, 400, /expected object/],
  ];
  for (const [name, input, status, message] of bad) {
    it(`bad input (${name}) gets ${status} with a clear message and changes nothing`, async () => {
      const user = newUser();
      await ensureAccountInTable({ ...user, dealerName: 'Before' });
      const before = await accounts.getProfile(user.sub);
      const res = await callRoute('PATCH /api/profile', { user, ...input });
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
      expect(await accounts.getProfile(user.sub)).toEqual(before);
    });
  }
});

describe('a dealer can only reach their own account', () => {
  it("user A naming user B's id is refused with 403, and B's profile, balance and ledger stay as they were", async () => {
    const a = newUser('a');
    const b = newUser('b');
    await Promise.all([ensureAccountInTable(a), ensureAccountInTable({ ...b, dealerName: 'B Cars' })]);
    const bBefore = await partition(b.sub);

    const patch = await callRoute('PATCH /api/profile', { user: a, body: { user_id: b.sub, dealer_name: 'Hijacked' } });
    expect(patch.status).toBe(403);
    expect(patch.body.message).toBe(MESSAGES.notYourAccount);
    const use = await callRoute('POST /api/credits/use', { user: a, body: { user_id: b.sub, credits_to_use: 1, description: 'x', idempotency_key: 'steal' } });
    expect(use.status).toBe(403);
    expect(use.body.message).toBe(MESSAGES.notYourAccount);

    expect(await partition(b.sub)).toEqual(bBefore);
    // A's own reads only ever show A.
    const me = await callRoute('GET /api/me', { user: a });
    expect(me.body.profile.id).toBe(a.sub);
    const txs = await callRoute('GET /api/credits/transactions', { user: a });
    expect(txs.body.transactions.every((t: { user_id: string }) => t.user_id === a.sub)).toBe(true);
    // And A's balance was not touched by the refused calls either.
    expect(me.body.balance.total_credits).toBe(5);
  });
});
