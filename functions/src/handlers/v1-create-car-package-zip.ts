import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { keyAdmission } from '../api-keys/key-admission';
import { packageAdapters } from '../car-packages/adapters';
import { zipCarPackage } from '../car-packages/package-actions';

const deps = packageAdapters();

/** Public API: a signed link to a zip of every finished image of the package (the app's own zip). */
export const handler = apiHandler('v1-create-car-package-zip', { admitKeyCall: keyAdmission(), params: carPackagePathSchema }, async ({ params, caller }) => ({
  body: await zipCarPackage(deps, caller!.sub, params.id),
}));
