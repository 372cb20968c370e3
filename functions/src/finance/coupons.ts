import { ADMIN_MESSAGES } from '@shared/messages';
import type { AdminCoupon, CreateCouponRequest } from '@shared/schemas/admin-finance';
import { DomainError, validationError } from '../lib/errors';
import type { CouponRecord } from '../payments/payment-records';
import type { CouponStore, CreditPackageAdmin } from './ports';

export function couponView(c: CouponRecord): AdminCoupon {
  return {
    code: c.code,
    kind: c.kind,
    percent_off: c.percent_off,
    amount_off_cents: c.amount_off_cents,
    expires_at: c.expires_at,
    max_redemptions: c.max_redemptions,
    redemptions: c.redemptions,
    package_ids: c.package_ids,
    active: c.active,
    created_at: c.created_at,
    created_by: c.created_by,
  };
}

/** GET /api/admin/coupons: every coupon, newest first, with its redemptions. */
export async function listAdminCoupons(deps: { coupons: CouponStore }): Promise<AdminCoupon[]> {
  return (await deps.coupons.list()).map(couponView);
}

/**
 * POST /api/admin/coupons: a code exists once (a conditional put; a second create of the same code is refused
 * with 409 and changes nothing). The expiry must lie ahead and a package limit may only name existing packages.
 */
export async function createAdminCoupon(
  deps: { coupons: CouponStore; packages: CreditPackageAdmin; now?: () => Date },
  request: CreateCouponRequest,
  createdBy: string,
): Promise<AdminCoupon> {
  const now = deps.now?.() ?? new Date();
  const expiresAt = request.expires_at ? new Date(request.expires_at).toISOString() : null;
  if (expiresAt && Date.parse(expiresAt) <= now.getTime()) throw validationError(ADMIN_MESSAGES.couponExpiryPast, { expires_at: ADMIN_MESSAGES.couponExpiryPast });
  const packageIds = request.package_ids ? [...new Set(request.package_ids)] : null;
  if (packageIds) {
    const known = new Set((await deps.packages.listAll()).map((p) => p.id));
    const unknown = packageIds.filter((id) => !known.has(id));
    if (unknown.length) throw validationError(ADMIN_MESSAGES.unknownPackages(unknown), { package_ids: ADMIN_MESSAGES.unknownPackages(unknown) });
  }
  const coupon: CouponRecord = {
    entity: 'coupon',
    code: request.code,
    kind: request.kind,
    percent_off: request.kind === 'percent' ? request.percent_off! : null,
    amount_off_cents: request.kind === 'fixed' ? request.amount_off_cents! : null,
    expires_at: expiresAt,
    max_redemptions: request.max_redemptions ?? null,
    redemptions: 0,
    package_ids: packageIds,
    active: true,
    created_at: now.toISOString(),
    created_by: createdBy,
  };
  if ((await deps.coupons.create(coupon)) === 'exists') throw new DomainError('conflict', ADMIN_MESSAGES.couponExists(coupon.code));
  return couponView(coupon);
}

/** POST /api/admin/coupons/{code}/disable: no new purchase may use it (purchases already made keep their price). */
export async function disableAdminCoupon(deps: { coupons: CouponStore }, code: string): Promise<AdminCoupon> {
  const coupon = await deps.coupons.disable(code);
  if (!coupon) throw new DomainError('not_found', ADMIN_MESSAGES.couponNotFound(code));
  return couponView(coupon);
}
