import { sharePathSchema } from '@shared/schemas/share';
import { apiHandler } from '../http/api-handler';
import { DynamoDbPackageStore } from '../car-packages/dynamodb-package-store';
import { DynamoDbShareStore } from '../sharing/dynamodb-share-store';
import { sharedCarOwner } from '../sharing/share';

const deps = { shares: new DynamoDbShareStore(), store: new DynamoDbPackageStore() };

/** The shared car's package for the dealer who shared it ("Download all" on the page); 404 for anyone else. */
export const handler = apiHandler('get-shared-car-owner', { params: sharePathSchema }, async ({ params, caller }) => ({
  body: await sharedCarOwner(deps, caller!.sub, params.token),
}));
