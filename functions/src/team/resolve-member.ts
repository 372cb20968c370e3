import { TEAM_MESSAGES, type TeamRole } from '@shared/team';
import { DomainError } from '../lib/errors';
import type { TeamStore } from './ports';

/** The member a signed-in request acts as: the dealership whose records it reads and writes, who, and in which role. */
export interface ResolvedMember {
  dealershipId: string;
  /** The person's sign-in identity (sub). */
  memberId: string;
  role: TeamRole;
  /** The member's e-mail as the membership holds it (absent for the account that created the dealership). */
  email?: string;
}

/**
 * A token's person as a member. No membership: the person's own account is its own dealership and they are its owner
 * (every account made before teams, with nothing to migrate). A removed membership: refused (401), whatever the token.
 */
export async function resolveMember(team: Pick<TeamStore, 'membership'>, personSub: string): Promise<ResolvedMember> {
  const m = await team.membership(personSub);
  if (!m) return { dealershipId: personSub, memberId: personSub, role: 'owner' };
  if (m.status !== 'active') throw new DomainError('unauthorized', TEAM_MESSAGES.removed);
  return { dealershipId: m.dealership_id, memberId: personSub, role: m.role, email: m.email };
}

