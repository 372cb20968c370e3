import { z } from 'zod';
import { SESSION_STATUSES, ROLES } from '../statuses';
import { profileSchema } from './account';
import { creditBalanceSchema, creditTransactionSchema } from './credit-balance';
import { adminTeamSchema } from './team';

/** The dealers tab of the admin area (super users only; the server checks the role on every route). */

/** GET /api/admin/dealers?email= : the dealer who signed in with that e-mail. */
export const findDealerQuerySchema = z.strictObject({
  email: z
    .string({ error: (i) => (i.input === undefined ? 'email is required' : 'email must be text') })
    .trim()
    .toLowerCase()
    .max(254, { error: 'email is too long' })
    .pipe(z.email({ error: 'email must be an e-mail address' })),
});

/** {id} of the dealer routes: an account id (Cognito sub). */
export const dealerPathSchema = z.strictObject({
  id: z
    .string()
    .min(1, { error: 'id is required' })
    .max(64, { error: 'id is not a valid account id' })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'id is not a valid account id' }),
});

/** PUT /api/admin/dealers/{id}/role */
export const setDealerRoleRequestSchema = z.strictObject({
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(', ')}` }),
});
export type SetDealerRoleRequest = z.infer<typeof setDealerRoleRequestSchema>;

/** Who made or unmade a super user, when, and what the role was before. */
export const roleChangeSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  previous_role: z.enum(ROLES),
  role: z.enum(ROLES),
  changed_by: z.string(),
  changed_by_email: z.string(),
  changed_at: z.string(),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** A car package as the dealer page lists it (no image links). */
export const adminDealerPackageSchema = z.object({
  id: z.string(),
  session_name: z.string(),
  status: z.enum(SESSION_STATUSES),
  completed_angles: z.number().int(),
  failed_angles: z.number().int(),
  total_angles: z.number().int(),
  credits_used: z.number().int(),
  created_at: z.string(),
});
export type AdminDealerPackage = z.infer<typeof adminDealerPackageSchema>;

export const adminDealerSchema = z.object({
  profile: profileSchema,
  balance: creditBalanceSchema.nullable(),
  /** The 10 newest ledger entries; the next page from GET /api/admin/dealers/{id}/transactions?cursor=. */
  transactions: z.array(creditTransactionSchema),
  transactions_next_cursor: z.string().nullable(),
  /** The 10 newest car packages. */
  packages: z.array(adminDealerPackageSchema),
  /** Every role change, newest first. */
  role_changes: z.array(roleChangeSchema),
  /** The dealership this person works in, its members and their roles (issue 42); null where it cannot be read. */
  team: adminTeamSchema.nullable(),
});
export type AdminDealer = z.infer<typeof adminDealerSchema>;

/** GET /api/admin/dealers/{id}/transactions?cursor= : the dealer's ledger newest first, 10 a page. */
export const dealerTransactionsQuerySchema = z.strictObject({
  cursor: z.string().max(1024, { error: 'cursor is not valid' }).optional(),
});
export const dealerTransactionsResponseSchema = z.object({ transactions: z.array(creditTransactionSchema), next_cursor: z.string().nullable() });
export type DealerTransactionsResponse = z.infer<typeof dealerTransactionsResponseSchema>;

/** PUT /api/admin/dealers/{id}/role: the dealer as they are now; `changed` false when the role already was that. */
export const setDealerRoleResponseSchema = z.object({ dealer: adminDealerSchema, changed: z.boolean() });
export type SetDealerRoleResponse = z.infer<typeof setDealerRoleResponseSchema>;
