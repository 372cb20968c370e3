import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters, renderWorkflow } from '../car-packages/adapters';
import { startPackageAgain } from '../car-packages/package-actions';
import { configuredVision } from '../vision/configured-vision';

const deps = { ...packageAdapters(), workflow: renderWorkflow(), vision: configuredVision() };

/** "Start again (1 credit)": a refunded package's photos as a new package, checked and charged once. */
export const handler = apiHandler('start-car-package-again', { params: carPackagePathSchema }, async ({ params, caller }) => ({
  body: await startPackageAgain(deps, caller!.sub, params.id),
}));
