import { creditPackageIdParamsSchema, updateCreditPackageRequestSchema } from '@shared/schemas/admin-finance';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { superUserCheck } from '../accounts/super-user';
import { callerEmail } from '../finance/caller';
import { updateAdminCreditPackage } from '../finance/credit-packages';
import { DynamoDbCreditPackageAdmin } from '../finance/dynamodb-finance';
import { apiHandler } from '../http/api-handler';

const accounts = new DynamoDbAccountStore();
const deps = { packages: new DynamoDbCreditPackageAdmin() };

/** Super users only: a package's price, active and popular flags. */
export const handler = apiHandler(
  'update-admin-credit-package',
  { isSuperUser: superUserCheck(accounts), params: creditPackageIdParamsSchema, body: updateCreditPackageRequestSchema },
  async ({ params, body, caller }) => ({ body: { package: await updateAdminCreditPackage(deps, params.id, body, await callerEmail(accounts, caller!.sub)) } }),
);
