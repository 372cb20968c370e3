import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters, renderWorkflow } from '../car-packages/adapters';
import { startPackageAgain } from '../car-packages/package-actions';
import { budgetedVisionFor } from '../vision/configured-check-budget';

const deps = { ...packageAdapters(), workflow: renderWorkflow() };
const visionFor = budgetedVisionFor();

/** "Start again (1 credit)": a refunded package's photos as a new package, checked and charged once. */
export const handler = apiHandler('start-car-package-again', { params: carPackagePathSchema }, async ({ params, caller, sourceIp }) => ({
  body: await startPackageAgain({ ...deps, vision: visionFor({ sub: caller!.sub, sourceIp }) }, caller!.sub, params.id),
}));
