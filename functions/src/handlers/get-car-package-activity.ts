import { carPackageActivityQuerySchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters } from '../car-packages/adapters';
import { carPackageActivity } from '../car-packages/read-packages';

const deps = packageAdapters();

/** Car packages created today (since the browser's midnight), in the last 7 days, and in all. */
export const handler = apiHandler('get-car-package-activity', { query: carPackageActivityQuerySchema }, async ({ query, caller }) => ({
  body: await carPackageActivity(deps, caller!.sub, query.today_start, query.week_start),
}));
