import { DynamoDbMembershipReader } from '../team/dynamodb-membership-reader';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';
import { newId } from '../lib/ids';
import { createMailer } from '../mail/create-mailer';
import { createUserNotifier } from '../realtime/notify-user';
import { DynamoDbPaymentStore } from './dynamodb-payment-store';
import type { PurchaseDeps } from './purchase';
import { StripeGateway } from './stripe-gateway';
import { stripeSettingsFromEnv } from './stripe-settings';
import type { WebhookDeps } from './stripe-webhook';

/** Composition root of the payment handlers: DynamoDB, the Stripe client (keys read on first use), live pushes. */
export function purchaseDeps(): PurchaseDeps & { accounts: DynamoDbAccountStore } {
  return { store: new DynamoDbPaymentStore(), gateway: new StripeGateway(stripeSettingsFromEnv()), accounts: new DynamoDbAccountStore() };
}

export function webhookDeps(): WebhookDeps {
  const notify = createUserNotifier();
  return {
    store: new DynamoDbPaymentStore(),
    gateway: new StripeGateway(stripeSettingsFromEnv()),
    credits: { store: new DynamoDbCreditStore() },
    notifyBalance: (sub) => notify(sub, { type: 'balance.updated' }),
    mailer: createMailer(),
    newId,
    team: new DynamoDbMembershipReader(),
  };
}
