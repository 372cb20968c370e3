import { batchPathSchema } from '@shared/schemas/batch';
import { superUserCheck } from '../accounts/super-user';
import { batchAdapters, batchWorkflow } from '../batch/adapters';
import { startBatch } from '../batch/start-batch';
import { apiHandler } from '../http/api-handler';
import { configuredVision } from '../vision/configured-vision';

const deps = { ...batchAdapters(), workflow: batchWorkflow(), vision: configuredVision() };

/** Super users only: checks the uploads, charges 1 credit per photo once and starts the batch workflow; 402 when short. */
export const handler = apiHandler('start-batch', { isSuperUser: superUserCheck(), params: batchPathSchema }, async ({ params, caller }) => ({
  body: await startBatch(deps, caller!.sub, params.id),
}));
