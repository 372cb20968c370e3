import { couponCodeParamsSchema } from '@shared/schemas/admin-finance';
import { superUserCheck } from '../accounts/super-user';
import { disableAdminCoupon } from '../finance/coupons';
import { DynamoDbCouponStore } from '../finance/dynamodb-finance';
import { apiHandler } from '../http/api-handler';

const deps = { coupons: new DynamoDbCouponStore() };

/** Super users only: a coupon no new purchase may use. */
export const handler = apiHandler('disable-admin-coupon', { isSuperUser: superUserCheck(), params: couponCodeParamsSchema }, async ({ params }) => ({
  body: { coupon: await disableAdminCoupon(deps, params.code) },
}));
