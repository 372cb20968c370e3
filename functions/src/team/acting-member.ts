import { AsyncLocalStorage } from 'node:async_hooks';
import type { ActingMember } from '@shared/schemas/team';

/**
 * Who is doing what the request does (issue 42): the member whose token the API layer resolved, for the records that
 * name them (ledger entries). Set once per request by apiHandler; undefined outside a member's request (the workflow,
 * Stripe's webhook, an API key).
 */
const store = new AsyncLocalStorage<ActingMember>();

export const actingMember = (): ActingMember | undefined => store.getStore();

export function asMember<T>(member: ActingMember | undefined, run: () => Promise<T>): Promise<T> {
  return member ? store.run(member, run) : run();
}

/** The acting member as a record's `created_by` (drafts, car packages, API keys); nothing outside a member's request. */
export const createdBy = (): { created_by?: ActingMember } => {
  const member = actingMember();
  return member ? { created_by: member } : {};
};
