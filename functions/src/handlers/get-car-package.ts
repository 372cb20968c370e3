import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters } from '../car-packages/adapters';
import { getCarPackage } from '../car-packages/read-packages';

const deps = packageAdapters();

/** One of the dealer's packages with its 8 angles and signed image links; 404 for anyone else's. */
export const handler = apiHandler('get-car-package', { params: carPackagePathSchema }, async ({ params, caller }) => ({
  body: await getCarPackage(deps, caller!.sub, params.id),
}));
