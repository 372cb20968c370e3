import { logger } from './logger';

/**
 * What an operator counts, logged once where it happens as one JSON line (INFO) with a fixed message. In AWS the Ops
 * stack turns these lines into CloudWatch metrics (metric filters on the log groups of the functions whose code emits
 * them, found by reading their sources: infra/cdk/ops-metrics.ts) for its alarms and dashboard; the local admin area's
 * Operations tab reads the same figures from the table.
 */
export const OPS_EVENTS = {
  /** A car package was charged and created (once per package; a repeated start logs nothing). */
  packageStarted: 'ops: car package started',
  /** A car package reached its final status: refunded (1) when nothing rendered; wall time from its start. */
  packageFinished: 'ops: car package finished',
  /** A purchase's credits were granted (once per PaymentIntent). */
  creditsSold: 'ops: credits sold',
  /** A car check looked at a photo it had not seen (a paid vision call with the OpenAI adapter). */
  visionLook: 'ops: vision look',
} as const;
export type OpsEvent = keyof typeof OPS_EVENTS;

interface OpsEventFields {
  packageStarted: { packageId: string };
  packageFinished: { packageId: string; status: string; refunded: 0 | 1; wallTimeMs: number };
  creditsSold: { credits: number; amountCents: number };
  visionLook: { vision: 'local' | 'openai' };
}

export function opsEvent<E extends OpsEvent>(event: E, fields: OpsEventFields[E]): void {
  logger.info(OPS_EVENTS[event], { ...fields });
}
