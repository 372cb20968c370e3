import { createCouponRequestSchema } from '@shared/schemas/admin-finance';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { superUserCheck } from '../accounts/super-user';
import { createAdminCoupon } from '../finance/coupons';
import { DynamoDbCouponStore, DynamoDbCreditPackageAdmin } from '../finance/dynamodb-finance';
import { apiHandler } from '../http/api-handler';
import { callerEmail } from '../finance/caller';

const accounts = new DynamoDbAccountStore();
const deps = { coupons: new DynamoDbCouponStore(), packages: new DynamoDbCreditPackageAdmin() };

/** Super users only: a new coupon; a code exists once (409 for the second). */
export const handler = apiHandler('create-admin-coupon', { isSuperUser: superUserCheck(accounts), body: createCouponRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: { coupon: await createAdminCoupon(deps, body, await callerEmail(accounts, caller!.sub)) },
}));
