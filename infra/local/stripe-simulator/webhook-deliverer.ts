import Stripe from 'stripe';

export type DeliveryMode = 'normal' | 'twice-out-of-order';

export interface DelivererOptions {
  url: string;
  secret: string;
  mode: DeliveryMode;
  /** First retry after this, doubling (Stripe retries for days; the simulator gives up after `attempts`). */
  retryBaseMs: number;
  attempts: number;
  /** In twice-out-of-order mode, how long an event is held back so that the one after it arrives first. */
  holdBackMs: number;
  log: (line: string) => void;
  fetchImpl?: typeof fetch;
}

export interface SimulatedEvent {
  id: string;
  type: string;
  created: number;
  payload: string;
}

/**
 * Sends events to the webhook as Stripe does: the exact JSON text, signed in the Stripe-Signature header with the
 * endpoint secret at send time, retried with exponential backoff while the endpoint does not answer 2xx. In
 * `twice-out-of-order` mode every event goes twice and the earlier events of an intent are held back, so the later
 * ones (e.g. payment_intent.succeeded) arrive before them (for testing the webhook's idempotency).
 */
export class WebhookDeliverer {
  private readonly pending = new Set<Promise<void>>();
  private stopped = false;
  private readonly timers = new Map<ReturnType<typeof setTimeout>, () => void>();

  constructor(private readonly options: DelivererOptions) {}

  /** `final`: the last event of its intent's story (succeeded, failed); others are held back in test mode. */
  send(event: SimulatedEvent, final: boolean): void {
    const copies = this.options.mode === 'twice-out-of-order' ? 2 : 1;
    const delay = this.options.mode === 'twice-out-of-order' && !final ? this.options.holdBackMs : 0;
    for (let i = 0; i < copies; i++) this.track(this.later(delay).then(() => (this.stopped ? undefined : this.deliver(event))));
  }

  private later(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.set(t, resolve);
    });
  }

  private track(p: Promise<void>) {
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  }

  private async deliver(event: SimulatedEvent): Promise<void> {
    const fetchImpl = this.options.fetchImpl ?? fetch;
    for (let attempt = 1; attempt <= this.options.attempts && !this.stopped; attempt++) {
      // Signed at each attempt, as Stripe does: a retry carries a fresh timestamp.
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: event.payload, secret: this.options.secret });
      let status = 0;
      try {
        const res = await fetchImpl(this.options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: event.payload,
        });
        status = res.status;
        await res.text().catch(() => '');
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) return;
      if (attempt === this.options.attempts) {
        this.options.log(`stripe simulator: ${event.type} ${event.id} not accepted after ${attempt} attempts (last status ${status || 'no answer'}); giving up`);
        return;
      }
      const wait = this.options.retryBaseMs * 2 ** (attempt - 1);
      this.options.log(`stripe simulator: ${event.type} ${event.id} answered ${status || 'nothing'}; retrying in ${wait} ms`);
      await this.later(wait);
    }
  }

  /** Waits for deliveries under way (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  stop(): void {
    this.stopped = true;
    for (const [t, resolve] of this.timers) {
      clearTimeout(t);
      resolve();
    }
    this.timers.clear();
  }
}
