import { carPackageAnglePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters, renderWorkflow } from '../car-packages/adapters';
import { retryAngle } from '../car-packages/package-actions';

const deps = { ...packageAdapters(), workflow: renderWorkflow() };

/** Renders a failed angle again, free of charge. */
export const handler = apiHandler('retry-car-package-angle', { params: carPackageAnglePathSchema }, async ({ params, caller }) => ({
  body: await retryAngle(deps, caller!.sub, params.id, params.angle),
}));
