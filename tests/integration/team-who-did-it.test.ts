import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { inviteAndSignIn, teamCall } from '../support/team';
import { postWebhook, signedEvent, stripeClient } from './payments-test-support';

/**
 * Issue 42, item 3 ("one balance, and who used it"): a purchase's ledger entry names the member who bought (Stripe's
 * webhook writes it: the purchase recorded who), an API key the member who created it, a shared car the member who
 * turned Share on; a member who erased their data is named "former member".
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');
const { DynamoDbShareStore } = await import('../../functions/src/sharing/dynamodb-share-store');
const { sha256 } = await import('../../functions/src/lib/ids');

/** A member buys the starter package; Stripe's success event (signed, as the simulator's) reaches the webhook. */
async function buy(token: string) {
  const bought = await teamCall(url, token, 'POST', '/api/credits/purchase', { package_id: 'starter' });
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  const pi = (await stripeClient().paymentIntents.retrieve(bought.body.payment_intent_id)) as unknown as Record<string, unknown> & { id: string; amount: number };
  return async () => {
    const succeeded = signedEvent('payment_intent.succeeded', { ...pi, status: 'succeeded', amount_received: pi.amount });
    expect((await postWebhook(url, succeeded.payload, succeeded.signature)).body.outcome).toBe('fulfilled');
    return pi.id;
  };
}

describe('who did it, everywhere', () => {
  it("a purchase's ledger entry names the member who bought, or a former member; an API key names who created it", async () => {
    const owner = await signInNewDealer(url, 'team-who-owner');
    const [manager, leaver] = await Promise.all([inviteAndSignIn(url, owner.accessToken, 'manager', 'team-who-manager'), inviteAndSignIn(url, owner.accessToken, 'manager', 'team-who-leaver')]);
    const paid = await buy(manager.accessToken);
    const paidByLeaver = await buy(leaver.accessToken);
    // The leaver erases their data before Stripe says the payment succeeded.
    expect((await teamCall(url, leaver.accessToken, 'POST', '/api/me/erasure', { confirm: true })).status).toBe(200);
    const [pi, leaverPi] = [await paid(), await paidByLeaver()];

    const ledger = await teamCall(url, owner.accessToken, 'GET', '/api/credits/transactions');
    const entryOf = (id: string) => ledger.body.transactions.find((t: { kind: string; metadata?: { payment_intent_id?: string } }) => t.kind === 'purchase' && t.metadata?.payment_intent_id === id);
    expect(entryOf(pi).member).toEqual({ id: manager.sub, email: manager.email });
    expect(entryOf(leaverPi).member).toEqual({ id: leaver.sub, email: null, former: true });
    // The payment record (kept for finance) holds the member's id, never their address.
    const payment = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.payment(leaverPi) }))).Item!;
    expect(payment.member_id).toBe(leaver.sub);
    expect(JSON.stringify(payment)).not.toContain(leaver.email);

    // API keys: an owner beside the founder creates one; the list names them.
    expect((await teamCall(url, owner.accessToken, 'PATCH', `/api/team/members/${manager.sub}`, { role: 'owner' })).status).toBe(200);
    const made = await teamCall(url, manager.accessToken, 'POST', '/api/api-keys', { name: 'DMS sync' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.key.created_by).toEqual({ id: manager.sub, email: manager.email });
    const listed = await teamCall(url, owner.accessToken, 'GET', '/api/api-keys');
    expect(listed.body.keys.find((k: { id: string }) => k.id === made.body.key.id).created_by).toEqual({ id: manager.sub, email: manager.email });
    // The manager erases their data (the founder is the other owner): the key stays, by a former member.
    expect((await teamCall(url, manager.accessToken, 'POST', '/api/me/erasure', { confirm: true })).status).toBe(200);
    const after = await teamCall(url, owner.accessToken, 'GET', '/api/api-keys');
    expect(after.body.keys.find((k: { id: string }) => k.id === made.body.key.id).created_by).toEqual({ id: manager.sub, email: null, former: true });
  }, 40_000);

  it('Share on records who turned it on, on the package while it is on; Share off forgets it', async () => {
    const id = randomUUID();
    const pkg = { id, user_id: `dealer-${id}` };
    await dynamo().send(new PutCommand({ TableName: tableName(), Item: { ...keys.carPackage(id), entity: 'car_package', id, user_id: pkg.user_id } }));
    const shares = new DynamoDbShareStore();
    const by = { id: 'member-1', email: 'porter@example.com' };
    const token = `tok-${id}`;
    expect(await shares.turnOn(pkg, token, sha256(token), new Date().toISOString(), by)).toBe(true);
    const meta = async () => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.carPackage(id), ConsistentRead: true }))).Item!;
    expect((await meta()).shared_by).toEqual(by);
    await shares.turnOff(pkg, token, sha256(token));
    expect((await meta()).shared_by).toBeUndefined();
    // On again by nobody's request (no member): no name is left from before.
    expect(await shares.turnOn(pkg, token, sha256(token), new Date().toISOString())).toBe(true);
    expect((await meta()).shared_by).toBeUndefined();
    await shares.turnOff(pkg, token, sha256(token));
  });
});
