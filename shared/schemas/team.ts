import { z } from 'zod';
import { TEAM_ROLES } from '../team';
import { emailSchema } from './common';

const roleSchema = z.enum(TEAM_ROLES, { error: `role must be one of ${TEAM_ROLES.join(', ')}` });

/** POST /api/team/invites: the address to invite and the role they get. */
export const createInviteRequestSchema = z.strictObject({ email: emailSchema, role: roleSchema });
export type CreateInviteRequest = z.infer<typeof createInviteRequestSchema>;

/** PATCH /api/team/members/{id} */
export const changeMemberRoleRequestSchema = z.strictObject({ role: roleSchema });

/** POST /api/team/ownership: the member who becomes an owner; the caller becomes a manager. */
export const handOverOwnershipRequestSchema = z.strictObject({ member_id: z.string({ error: 'member_id must be text' }).trim().min(1, { error: 'member_id is required' }).max(128, { error: 'member_id is too long' }) });

const idSchema = z.string().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/, { error: 'id must be letters, digits, - or _' });
export const memberIdParamsSchema = z.object({ id: idSchema });
export const inviteIdParamsSchema = z.object({ id: idSchema });

export const teamMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joined_at: z.string(),
  /** The account that created the dealership (it cannot be removed). */
  founder: z.boolean(),
  /** The caller. */
  you: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInviteSchema = z.object({ id: z.string(), email: z.string(), role: z.enum(TEAM_ROLES), invited_by: z.string(), created_at: z.string(), expires_at: z.string() });
export type TeamInvite = z.infer<typeof teamInviteSchema>;

/** GET /api/team: the dealership, the caller's role, its members; the pending invites for owners only. */
export const teamResponseSchema = z.object({
  dealership: z.object({ id: z.string(), name: z.string().nullable() }),
  role: z.enum(TEAM_ROLES),
  members: z.array(teamMemberSchema),
  invites: z.array(teamInviteSchema).nullable(),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** The admin area's view of a person's dealership (issue 42, item 5): who works in it, in which role. */
export const adminTeamSchema = z.object({
  dealership: z.object({ id: z.string(), name: z.string().nullable() }),
  /** The role of the person looked up. */
  role: z.enum(TEAM_ROLES),
  members: z.array(teamMemberSchema.omit({ you: true })),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

/** Who did something for the dealership (ledger entries, car packages): shown in the ledger and the package detail. */
export const actingMemberSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  /** The member erased their own data (issue 42, item 4): the record stays with the dealership, shown as by "a former member". */
  former: z.literal(true).optional(),
});
export type ActingMember = z.infer<typeof actingMemberSchema>;
