import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters } from '../car-packages/adapters';
import { zipCarPackage } from '../car-packages/package-actions';

const deps = packageAdapters();

/** A signed link to a zip of every finished image of the package, named after the car. */
export const handler = apiHandler('create-car-package-zip', { params: carPackagePathSchema }, async ({ params, caller }) => ({
  body: await zipCarPackage(deps, caller!.sub, params.id),
}));
