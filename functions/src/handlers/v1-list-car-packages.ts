import { v1ListCarPackagesQuerySchema } from '@shared/schemas/public-api';
import { apiHandler } from '../http/api-handler';
import { keyAdmission } from '../api-keys/key-admission';
import { packageAdapters } from '../car-packages/adapters';
import { listPage } from '../public-api/car-packages';

const deps = packageAdapters();

/** Public API: the dealer's car packages, newest first, by cursor; narrowed as the gallery is (issue 41). */
export const handler = apiHandler('v1-list-car-packages', { admitKeyCall: keyAdmission(), query: v1ListCarPackagesQuerySchema }, async ({ query, caller }) => ({
  body: await listPage(deps, caller!.sub, query.limit, query.cursor, query),
}));
