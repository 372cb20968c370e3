import { apiHandler } from '../http/api-handler';
import { listCreditPackages } from '../credits/credit-packages';
import { DynamoDbCreditPackageRepository } from '../credits/dynamodb-credit-package-repository';

// Composition root: the real repository behind the use case.
const repository = new DynamoDbCreditPackageRepository();

export const handler = apiHandler('list-credit-packages', {}, async () => ({
  body: { packages: await listCreditPackages(repository) },
  headers: { 'cache-control': 'public, max-age=60' },
}));
