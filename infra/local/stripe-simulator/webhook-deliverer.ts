import Stripe from 'stripe';

export type DeliveryMode = 'normal' | 'twice-out-of-order';

export interface DelivererOptions {
  url: string;
  secret: string;
  mode: DeliveryMode;
  /** First retry after this, doubling (Stripe retries for days; the simulator gives up after `attempts`). */
  retryBaseMs: number;
  attempts: number;
  /** In twice-out-of-order mode: the pause between an intent's final event and the earlier ones that follow it. */
  holdBackMs: number;
  /** In twice-out-of-order mode: earlier events of an intent that never gets a final one go after this (default 30 s). */
  maxHoldMs?: number;
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
 * `twice-out-of-order` mode every event goes twice and the earlier events of an intent are held back until its final
 * one went (payment_intent.succeeded arrives before payment_intent.created), for testing the webhook's idempotency.
 */
export class WebhookDeliverer {
  private readonly pending = new Set<Promise<void>>();
  private readonly held = new Map<string, { events: SimulatedEvent[]; timer: ReturnType<typeof setTimeout> | undefined }>();
  private stopped = false;
  private readonly timers = new Map<ReturnType<typeof setTimeout>, () => void>();

  constructor(private readonly options: DelivererOptions) {}

  /**
   * `group`: the PaymentIntent the event is about; `final`: the last event of its story (succeeded, failed, canceled).
   * In test mode the earlier events of a group wait for its final one and follow it (or go after `maxHoldMs`).
   */
  send(event: SimulatedEvent, final: boolean, group = event.id): void {
    if (this.options.mode === 'normal') return this.track(this.deliver(event));
    if (!final) {
      const held = this.held.get(group) ?? { events: [], timer: undefined };
      held.events.push(event);
      held.timer ??= setTimeout(() => this.release(group), this.options.maxHoldMs ?? 30_000);
      this.held.set(group, held);
      return;
    }
    for (let i = 0; i < 2; i++) this.track(this.deliver(event));
    this.track(this.later(this.options.holdBackMs).then(() => this.release(group)));
  }

  private release(group: string): void {
    const held = this.held.get(group);
    if (!held) return;
    this.held.delete(group);
    clearTimeout(held.timer);
    if (this.stopped) return;
    for (const event of held.events) for (let i = 0; i < 2; i++) this.track(this.deliver(event));
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
    for (const held of this.held.values()) clearTimeout(held.timer);
    this.held.clear();
    for (const [t, resolve] of this.timers) {
      clearTimeout(t);
      resolve();
    }
    this.timers.clear();
  }
}
