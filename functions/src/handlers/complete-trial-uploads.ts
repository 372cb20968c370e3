import { trialTokenPathSchema } from '@shared/schemas/trial';
import { apiHandler } from '../http/api-handler';
import { clientIpOf } from '../http/client-ip';
import { trialAnswer, trialPageDeps } from '../trial/adapters';
import { completeTrialUploads } from '../trial/trial-page';
import { configuredVision } from '../vision/configured-vision';
import { readPlateInBox } from '../vision/plate-text/car-plate';

// The trial's check asks for the angle and the appearance: the cloud check reads the plate in the car's box as well
// (this function has the text models' layer).
const deps = trialPageDeps(configuredVision(process.env, { readPlate: readPlateInBox }));

/** Public: checks every upload by its bytes and the car check with the angle; the spec's { success, uploaded_count, error } and each photo's verdict. */
export const handler = apiHandler('complete-trial-uploads', { params: trialTokenPathSchema }, async ({ params, event }) =>
  trialAnswer(() => completeTrialUploads(deps, params.token, clientIpOf(event)), { uploaded_count: 0 }),
);
