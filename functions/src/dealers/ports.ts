/** Ports of the admin area's dealers tab. No AWS SDK here. */
import type { RoleChange } from '@shared/schemas/admin-dealers';
import type { LedgerEntry } from '../credits/credit-store';

export interface RoleChangeStore {
  /** Every recorded role change of the dealer, newest first. */
  list(sub: string): Promise<RoleChange[]>;
  /**
   * Sets the profile's role from `change.previous_role` to `change.role` and records `change`, in one transaction;
   * 'conflict' (nothing written) when the profile or its role is no longer as read.
   */
  apply(change: RoleChange): Promise<'changed' | 'conflict'>;
}

/** A dealer's ledger a page at a time, newest first; `cursor` is the opaque next_cursor of the previous page. */
export interface LedgerPages {
  page(sub: string, limit: number, cursor?: string): Promise<{ entries: LedgerEntry[]; nextCursor: string | null }>;
}
