import { validateCouponRequestSchema } from '@shared/schemas/payments';
import { apiHandler } from '../http/api-handler';
import { purchaseDeps } from '../payments/payment-deps';
import { validateCoupon } from '../payments/purchase';

const deps = purchaseDeps();

/** What a package costs with a coupon; 400 "Invalid coupon code: <why>" when it does not apply. Nothing is reserved. */
export const handler = apiHandler('validate-coupon', { body: validateCouponRequestSchema }, async ({ body, caller }) => ({
  body: await validateCoupon(deps, { sub: caller!.sub, couponCode: body.coupon_code, packageId: body.package_id }),
}));
