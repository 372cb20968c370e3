import type { TeamRole } from '@shared/team';

/** A person's place in a dealership (issue 42). The account that created the dealership has none until its role changes. */
export interface StoredMembership {
  /** The person's sign-in identity (Cognito sub): the member id. */
  person_sub: string;
  /** The dealership's account id: every record of the dealership is keyed by it. */
  dealership_id: string;
  email: string;
  role: TeamRole;
  /** removed: the person left or was removed; every token of theirs is refused (kept as that marker). */
  status: 'active' | 'removed';
  joined_at: string;
  updated_at: string;
}

export interface StoredInvite {
  id: string;
  dealership_id: string;
  email: string;
  role: TeamRole;
  /** The inviting owner's e-mail. */
  invited_by: string;
  created_at: string;
  expires_at: string;
}

/** Port: memberships and invites (DynamoDB in both homes). */
export interface TeamStore {
  /** Strongly consistent: read on every signed-in request. */
  membership(personSub: string): Promise<StoredMembership | undefined>;
  /** The dealership's active memberships. */
  members(dealershipId: string): Promise<StoredMembership[]>;
  /** The dealership's invites (expired ones included: the caller filters). */
  invites(dealershipId: string): Promise<StoredInvite[]>;
  /** The invites sent to an address, of every dealership. */
  invitesFor(email: string): Promise<StoredInvite[]>;
  /** Written only if the address has no invite of this dealership (false: it has one). */
  putInvite(invite: StoredInvite): Promise<boolean>;
  /** False when there was none. */
  deleteInvite(dealershipId: string, email: string): Promise<boolean>;
  /** Deletes the membership only while it is as read (role, status, dealership). False when it changed or is gone. */
  deleteMembership(membership: StoredMembership): Promise<boolean>;
  /**
   * The invite accepted: the membership written (only if the person has none, or a removed one; with `expected`, only
   * while their membership of another dealership is as read: they leave it for this one) and the invite deleted
   * (only if still there), all or nothing. False when either condition failed.
   */
  join(invite: StoredInvite, membership: StoredMembership, expected?: { role: TeamRole; status: StoredMembership['status']; dealership_id: string }): Promise<boolean>;
  /**
   * Writes memberships together, each only while it is as read (`expected`: its role then, null: none existed), all or
   * nothing: a role change, a removal, a hand-over. False when another change came first.
   */
  save(
    changes: { membership: StoredMembership; expected: { role: TeamRole; status: StoredMembership['status'] } | null }[],
    /**
     * An owner who must still be one when the changes are written (a demotion or removal of an owner, issue 42): checked
     * in the same transaction, so two owners demoting each other at once cannot leave the dealership without one.
     * `founder`: the account that created the dealership, an owner while it has no membership record.
     */
    keepsOwner?: { personSub: string; founder: boolean },
  ): Promise<boolean>;
}
