import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';
import { newUser } from './accounts-test-events';
import { deliveriesOf, getPayment } from './payments-test-support';

const { url } = useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbCreditStore } = await import('../../functions/src/credits/dynamodb-credit-store');
const { DynamoDbPaymentStore } = await import('../../functions/src/payments/dynamodb-payment-store');
const { StripeGateway } = await import('../../functions/src/payments/stripe-gateway');
const { purchaseCredits } = await import('../../functions/src/payments/purchase');
const { StripeSimulator } = await import('../../infra/local/stripe-simulator/simulator');
/** The running host's own simulator keys (generated for its data folder), which its webhook trusts. */
const KEYS = { secretKey: process.env.STRIPE_SECRET_KEY!, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET! };
const { WebhookDeliverer } = await import('../../infra/local/stripe-simulator/webhook-deliverer');

describe('the simulator switch STRIPE_SIMULATOR_DELIVERY=twice-out-of-order, against the running webhook', () => {
  it('every event arrives twice, succeeded before created: the credits are granted once, the copies are duplicates', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stripe-switch-'));
    const log: string[] = [];
    // A second simulator in this test, delivering to the host's webhook (through its API gateway) in the test mode.
    const deliverer = new WebhookDeliverer({ url: `${url}/api/stripe/webhook`, secret: KEYS.webhookSecret, mode: 'twice-out-of-order', retryBaseMs: 50, attempts: 5, holdBackMs: 400, log: (l) => log.push(l) });
    const simulator = new StripeSimulator(dir, deliverer, KEYS.secretKey);
    const server = createServer((req, res) => void simulator.handle(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const apiBase = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const dealer = newUser('switch');
      await ensureAccountInTable(dealer);
      const gateway = new StripeGateway({ secretKey: async () => KEYS.secretKey, webhookSecret: async () => KEYS.webhookSecret, apiBase });
      const bought = await purchaseCredits({ store: new DynamoDbPaymentStore(), gateway }, { buyer: { sub: dealer.sub, email: dealer.email, dealer_name: null }, packageId: 'starter', attemptKey: 'switch-test' });
      const stripe = new Stripe(KEYS.secretKey, { host: '127.0.0.1', port: Number(new URL(apiBase).port), protocol: 'http' });
      await stripe.paymentIntents.confirm(bought.payment_intent_id, { payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } } as never });
      await deliverer.idle();

      const all = (await Promise.all([...new Set(await eventIdsOf(bought.payment_intent_id))].map(deliveriesOf))).flat();
      const byType = (type: string) => all.filter((d) => d.type === type);
      expect(byType('payment_intent.succeeded').map((d) => d.outcome).sort()).toEqual(['duplicate', 'fulfilled']);
      expect(byType('payment_intent.created').map((d) => d.outcome).sort()).toEqual(['duplicate', 'ignored']);
      // Out of order: both copies of succeeded were received before the first created.
      const firstCreated = byType('payment_intent.created').map((d) => d.received_at).sort()[0]!;
      for (const d of byType('payment_intent.succeeded')) expect(d.received_at < firstCreated).toBe(true);
      const { balance } = await new DynamoDbCreditStore().read(dealer.sub, []);
      expect(balance!.purchased_credits).toBe(8);
      expect((await getPayment(bought.payment_intent_id))!.status).toBe('succeeded');
      expect(log).toEqual([]); // every delivery answered 2xx the first time
    } finally {
      deliverer.stop();
      await new Promise((r) => server.close(r));
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The ids of the Stripe events stored for a PaymentIntent (from the table, as finance reads them). */
async function eventIdsOf(paymentIntentId: string): Promise<string[]> {
  const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
  const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :p',
      FilterExpression: 'payment_intent_id = :pi',
      ExpressionAttributeValues: { ':p': 'STRIPE_DELIVERIES', ':pi': paymentIntentId },
    }),
  );
  return (out.Items ?? []).map((i) => String(i.event_id));
}
