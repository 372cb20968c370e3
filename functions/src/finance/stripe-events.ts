import { ADMIN_MESSAGES } from '@shared/messages';
import type { AdminStripeEvent, AdminStripeEventDetail, AdminStripeEventsResponse } from '@shared/schemas/admin-finance';
import { DomainError } from '../lib/errors';
import type { StripeDeliveryRecord } from '../payments/payment-records';
import type { FinanceReader } from './ports';

const DEFAULT_PAGE = 50;

export function deliveryView(d: StripeDeliveryRecord): AdminStripeEvent {
  return {
    delivery_id: d.delivery_id,
    event_id: d.event_id,
    type: d.type,
    received_at: d.received_at,
    outcome: d.outcome,
    detail: d.detail,
    payment_intent_id: d.payment_intent_id,
    livemode: d.livemode,
  };
}

/** GET /api/admin/stripe-events: every delivery to the webhook, newest first, with what it did. */
export async function listAdminStripeEvents(deps: { finance: FinanceReader }, query: { limit?: number; cursor?: string }): Promise<AdminStripeEventsResponse> {
  const page = await deps.finance.listDeliveries(query.limit ?? DEFAULT_PAGE, query.cursor);
  return { events: page.items.map(deliveryView), next_cursor: page.next };
}

/** GET /api/admin/stripe-events/{id}: the payload as Stripe sent it and each delivery, oldest first. */
export async function getAdminStripeEvent(deps: { finance: FinanceReader }, eventId: string): Promise<AdminStripeEventDetail> {
  const { event, deliveries } = await deps.finance.getEvent(eventId);
  if (!event) throw new DomainError('not_found', ADMIN_MESSAGES.stripeEventNotFound(eventId));
  let payload: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(event.payload_json);
    payload = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    // Stored as received; shown as text when it is not JSON (the webhook refuses such bodies before storing).
    payload = { raw: event.payload_json };
  }
  return {
    event_id: event.event_id,
    type: event.type,
    created_at: event.created_at,
    payload,
    deliveries: [...deliveries].sort((a, b) => a.received_at.localeCompare(b.received_at)).map(deliveryView),
  };
}
