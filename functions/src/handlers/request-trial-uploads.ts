import { trialTokenPathSchema, trialUploadRequestSchema } from '@shared/schemas/trial';
import { apiHandler } from '../http/api-handler';
import { clientIpOf } from '../http/client-ip';
import { trialAnswer, trialPageDeps } from '../trial/adapters';
import { requestTrialUploads } from '../trial/trial-page';
import { configuredVision } from '../vision/configured-vision';

const deps = trialPageDeps(configuredVision());

/** Public: one presigned POST per photo (up to 10) under trial/<link id>/ of the uploads bucket. */
export const handler = apiHandler('request-trial-uploads', { params: trialTokenPathSchema, body: trialUploadRequestSchema }, async ({ params, body, event }) =>
  trialAnswer(() => requestTrialUploads(deps, params.token, body, clientIpOf(event)), { uploaded_count: 0 }),
);
