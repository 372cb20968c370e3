import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters, renderWorkflow } from '../car-packages/adapters';
import { startCarPackage } from '../car-packages/start-package';
import { configuredVision } from '../vision/configured-vision';

const deps = { ...packageAdapters(), workflow: renderWorkflow(), vision: configuredVision() };

/** Checks the uploads, charges 1 credit once and starts the render workflow; 402 without a credit. */
export const handler = apiHandler('start-car-package', { params: carPackagePathSchema }, async ({ params, caller }) => ({
  body: await startCarPackage(deps, caller!.sub, params.id),
}));
