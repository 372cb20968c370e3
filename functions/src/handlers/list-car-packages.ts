import { listCarPackagesQuerySchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters } from '../car-packages/adapters';
import { listCarPackages } from '../car-packages/read-packages';

const deps = packageAdapters();

/** The dealer's car packages, newest first, a page at a time. */
export const handler = apiHandler('list-car-packages', { query: listCarPackagesQuerySchema }, async ({ query, caller }) => ({
  body: await listCarPackages(deps, caller!.sub, query.limit, query.cursor, query),
}));
