/** Ports of outgoing webhooks: where endpoints and deliveries are kept, the queue, the HTTP call. */
import type { WebhookEventType } from '@shared/integrations';

export interface StoredEndpoint {
  id: string;
  user_id: string;
  url: string;
  /** The signing secret: needed in full to sign, so it is stored (the table is encrypted at rest), shown once. */
  secret: string;
  created_at: string;
}

export interface WebhookEvent {
  id: string;
  type: WebhookEventType;
  created_at: string;
  data: Record<string, unknown>;
}

export interface DeliveryAttempt {
  at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface StoredDelivery {
  id: string;
  user_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEventType;
  created_at: string;
  status: 'pending' | 'delivered' | 'failed';
  next_attempt_at: string | null;
  attempts: DeliveryAttempt[];
}

/** One queued attempt of one delivery: what the queue carries (never the secret). */
export interface DeliveryMessage {
  user_id: string;
  endpoint_id: string;
  delivery_id: string;
  event: WebhookEvent;
  /** The attempt this message is for (1 = first). */
  attempt: number;
  /** Not to be attempted before this (ms since the epoch): SQS delays at most 15 minutes, so later ones are passed on. */
  not_before: number;
}

export interface WebhookStore {
  putEndpoint(endpoint: StoredEndpoint, max: number): Promise<boolean>;
  listEndpoints(sub: string): Promise<StoredEndpoint[]>;
  getEndpoint(sub: string, id: string): Promise<StoredEndpoint | undefined>;
  deleteEndpoint(sub: string, id: string): Promise<boolean>;
  /** Records the event once by its id; false when it was recorded already (its producer ran twice). */
  recordEvent(sub: string, event: WebhookEvent): Promise<boolean>;
  putDelivery(delivery: StoredDelivery): Promise<void>;
  /** Appends an attempt and sets the delivery's status. */
  recordAttempt(sub: string, endpointId: string, deliveryId: string, attempt: DeliveryAttempt, status: StoredDelivery['status'], nextAttemptAt: string | null): Promise<void>;
  listDeliveries(sub: string, endpointId: string, limit: number): Promise<StoredDelivery[]>;
}

export interface WebhookQueue {
  send(message: DeliveryMessage, delayMs: number): Promise<void>;
}

/** POSTs a signed body; answers the status, or throws when the receiver could not be reached (or is not allowed). */
export type WebhookSender = (url: string, body: string, headers: Record<string, string>, timeoutMs: number) => Promise<number>;
