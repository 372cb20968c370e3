import { superUserCheck } from '../accounts/super-user';
import { listAdminCreditPackages } from '../finance/credit-packages';
import { DynamoDbCreditPackageAdmin } from '../finance/dynamodb-finance';
import { apiHandler } from '../http/api-handler';

const deps = { packages: new DynamoDbCreditPackageAdmin() };

/** Super users only: every credit package, active or not. */
export const handler = apiHandler('list-admin-credit-packages', { isSuperUser: superUserCheck() }, async () => ({
  body: { packages: await listAdminCreditPackages(deps) },
}));
