import { ADMIN_MESSAGES } from '@shared/messages';
import type { AdminCreditPackage, UpdateCreditPackageRequest } from '@shared/schemas/admin-finance';
import { DomainError } from '../lib/errors';
import type { CreditPackageAdmin, StoredCreditPackage } from './ports';

export function adminPackageView(p: StoredCreditPackage): AdminCreditPackage {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    credits: p.credits,
    price_cents: p.price_cents,
    sort_order: p.sort_order,
    is_active: p.is_active,
    is_popular: p.is_popular,
    updated_at: p.updated_at ?? null,
    updated_by: p.updated_by ?? null,
  };
}

/** GET /api/admin/credit-packages: every package, active or not, in the dialog's order. */
export async function listAdminCreditPackages(deps: { packages: CreditPackageAdmin }): Promise<AdminCreditPackage[]> {
  return (await deps.packages.listAll()).sort((a, b) => a.sort_order - b.sort_order).map(adminPackageView);
}

/**
 * PATCH /api/admin/credit-packages/{id}: price, active and popular flags. The purchase dialog and the server's
 * pricing read the table, so the change applies to the next purchase; payments already made keep their price.
 */
export async function updateAdminCreditPackage(
  deps: { packages: CreditPackageAdmin; now?: () => Date },
  id: string,
  changes: UpdateCreditPackageRequest,
  by: string,
): Promise<AdminCreditPackage> {
  const updated = await deps.packages.update(id, changes, by, deps.now?.() ?? new Date());
  if (!updated) throw new DomainError('not_found', ADMIN_MESSAGES.packageNotFound(id));
  return adminPackageView(updated);
}
