import Stripe from 'stripe';
import { WebhookSignatureError, type PaymentGateway, type PaymentIntentView, type VerifiedEvent } from './ports';
import type { StripeSettings } from './stripe-settings';

/** Stripe's own tolerance: a signature older than 5 minutes, or dated more than 5 minutes ahead, is refused (replays). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The PaymentGateway adapter on the official `stripe` library. The API client is built on first use (its key may
 * come from Secrets Manager) and kept; the webhook check needs only the signing secret.
 */
export class StripeGateway implements PaymentGateway {
  private client: Promise<Stripe> | undefined;

  constructor(private readonly settings: StripeSettings) {}

  private api(): Promise<Stripe> {
    this.client ??= this.settings.secretKey().then((key) => {
      const base = this.settings.apiBase ? new URL(this.settings.apiBase) : undefined;
      return new Stripe(key, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
      });
    });
    return this.client.catch((error: unknown) => {
      this.client = undefined;
      throw error;
    });
  }

  async createPaymentIntent(input: Parameters<PaymentGateway['createPaymentIntent']>[0]): Promise<PaymentIntentView> {
    const stripe = await this.api();
    const pi = await stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        description: input.description,
        metadata: input.metadata,
        ...(input.receiptEmail ? { receipt_email: input.receiptEmail } : {}),
        // The Payment Element offers what the account has enabled; cards everywhere.
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (!pi.client_secret) throw new Error(`PaymentIntent ${pi.id} came back without a client secret`);
    return { id: pi.id, client_secret: pi.client_secret, amount: pi.amount, currency: pi.currency, status: pi.status };
  }

  async cancelPaymentIntent(id: string): Promise<'canceled' | 'succeeded' | 'processing'> {
    const stripe = await this.api();
    try {
      await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
      return 'canceled';
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.code !== 'payment_intent_unexpected_state') throw error;
      // Too late to cancel, or canceled already: its state says which.
      const { status } = await stripe.paymentIntents.retrieve(id);
      return status === 'canceled' ? 'canceled' : status === 'succeeded' ? 'succeeded' : 'processing';
    }
  }

  async verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<VerifiedEvent> {
    if (!signatureHeader) throw new WebhookSignatureError('the Stripe-Signature header is missing');
    const secret = await this.settings.webhookSecret();
    try {
      const event = Stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, SIGNATURE_TOLERANCE_SECONDS) as unknown as VerifiedEvent;
      // Stripe's check refuses only old signatures; one dated ahead could be replayed until then.
      const signedAt = Number(/(?:^|,)\s*t=(\d+)/.exec(signatureHeader)?.[1]);
      if (signedAt > Date.now() / 1000 + SIGNATURE_TOLERANCE_SECONDS) throw new WebhookSignatureError('the signature is dated more than 5 minutes ahead');
      return event;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
      throw error;
    }
  }
}
