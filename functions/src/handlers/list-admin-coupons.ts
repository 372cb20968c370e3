import { superUserCheck } from '../accounts/super-user';
import { listAdminCoupons } from '../finance/coupons';
import { DynamoDbCouponStore } from '../finance/dynamodb-finance';
import { apiHandler } from '../http/api-handler';

const deps = { coupons: new DynamoDbCouponStore() };

/** Super users only: every coupon, newest first, with its redemptions. */
export const handler = apiHandler('list-admin-coupons', { isSuperUser: superUserCheck() }, async () => ({
  body: { coupons: await listAdminCoupons(deps) },
}));
