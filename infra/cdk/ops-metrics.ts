/**
 * The CloudWatch metrics the Ops stack watches that the functions' logs carry (namespace StudioLot, no dimensions:
 * one stage per account and region). Each is a metric filter on the log group of every function whose code emits
 * the log line: for the ops events (functions/src/lib/ops-events.ts) that is read from the handler's sources, as its
 * DynamoDB grants are, so a new call site in another handler gets its filters without a list to update.
 */
import { OPS_EVENTS, type OpsEvent } from '../../functions/src/lib/ops-events';
import { sourcesOf } from './handler-sources';

export const OPS_NAMESPACE = 'StudioLot';

export interface LogMetric {
  metricName: string;
  /** A CloudWatch Logs filter pattern over the JSON log line. */
  filterPattern: string;
  /** "1" counts lines; "$.field" takes the line's number. */
  metricValue: string;
  unit?: 'Count' | 'Milliseconds';
}

const onEvent = (event: OpsEvent) => `{ $.message = "${OPS_EVENTS[event]}" }`;

export const OPS_EVENT_METRICS: Record<OpsEvent, LogMetric[]> = {
  packageStarted: [{ metricName: 'PackagesStarted', filterPattern: onEvent('packageStarted'), metricValue: '1', unit: 'Count' }],
  packageFinished: [
    { metricName: 'PackagesFinished', filterPattern: onEvent('packageFinished'), metricValue: '1', unit: 'Count' },
    { metricName: 'PackagesRefunded', filterPattern: onEvent('packageFinished'), metricValue: '$.refunded', unit: 'Count' },
    { metricName: 'PackageWallTime', filterPattern: onEvent('packageFinished'), metricValue: '$.wallTimeMs', unit: 'Milliseconds' },
  ],
  creditsSold: [{ metricName: 'CreditsSold', filterPattern: onEvent('creditsSold'), metricValue: '$.credits', unit: 'Count' }],
  visionLook: [{ metricName: 'VisionLooks', filterPattern: onEvent('visionLook'), metricValue: '1', unit: 'Count' }],
};

/**
 * Metrics read from a handler's own request log (functions/src/http/api-handler.ts logs { message: "request", status }
 * once per request): the Stripe webhook's refused deliveries (a bad signature, an old timestamp, a failure: 4xx/5xx).
 */
export const HANDLER_LOG_METRICS: Record<string, LogMetric[]> = {
  'stripe-webhook': [{ metricName: 'WebhookDeliveriesRefused', filterPattern: '{ $.message = "request" && $.status >= 400 }', metricValue: '1', unit: 'Count' }],
};

/** The ops events a handler's code can emit: the `opsEvent('<event>'` calls in its sources. */
export function opsEventsOf(handler: string): OpsEvent[] {
  const events = new Set<OpsEvent>();
  for (const text of sourcesOf(handler).values()) {
    for (const [, name] of text.matchAll(/\bopsEvent\(\s*'(\w+)'/g)) if (name! in OPS_EVENTS) events.add(name as OpsEvent);
  }
  return [...events].sort();
}

/** Every log metric of a handler's log group. */
export const logMetricsOf = (handler: string): LogMetric[] => [...opsEventsOf(handler).flatMap((e) => OPS_EVENT_METRICS[e]), ...(HANDLER_LOG_METRICS[handler] ?? [])];
