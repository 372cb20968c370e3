import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters } from '../car-packages/adapters';
import { deleteCarPackage } from '../car-packages/package-actions';

const deps = packageAdapters();

/**
 * Deletes a finished package (or an unstarted one) with its photos and images; 409 while it is processing. A
 * photographer deletes only the packages they made (403 for the others').
 */
export const handler = apiHandler('delete-car-package', { params: carPackagePathSchema }, async ({ params, caller }) => {
  await deleteCarPackage(deps, caller!.sub, params.id, caller!.member);
  return { body: { success: true } };
});
