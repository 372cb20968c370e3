import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { keyAdmission } from '../api-keys/key-admission';
import { packageAdapters } from '../car-packages/adapters';
import { getWithExternalId } from '../public-api/car-packages';

const deps = packageAdapters();

/** Public API: one of the dealer's packages with its angles and signed image links; 404 for anyone else's. */
export const handler = apiHandler('v1-get-car-package', { admitKeyCall: keyAdmission(), params: carPackagePathSchema }, async ({ params, caller }) => ({
  body: await getWithExternalId(deps, caller!.sub, params.id),
}));
