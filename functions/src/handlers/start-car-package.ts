import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters, renderWorkflow } from '../car-packages/adapters';
import { startCarPackage } from '../car-packages/start-package';
import { budgetedVisionFor } from '../vision/configured-check-budget';

const deps = { ...packageAdapters(), workflow: renderWorkflow() };
const visionFor = budgetedVisionFor();

/** Checks the uploads, charges 1 credit once and starts the render workflow; 402 without a credit. */
export const handler = apiHandler('start-car-package', { params: carPackagePathSchema }, async ({ params, caller, sourceIp }) => ({
  body: await startCarPackage({ ...deps, vision: visionFor({ sub: caller!.sub, sourceIp }) }, caller!.sub, params.id),
}));
