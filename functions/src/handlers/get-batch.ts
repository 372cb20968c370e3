import { batchPathSchema } from '@shared/schemas/batch';
import { superUserCheck } from '../accounts/super-user';
import { batchAdapters } from '../batch/adapters';
import { getBatch } from '../batch/start-batch';
import { apiHandler } from '../http/api-handler';

const deps = batchAdapters();

/** Super users only: the caller's batch with each photo's state and signed links (another dealer's batch is 404). */
export const handler = apiHandler('get-batch', { isSuperUser: superUserCheck(), params: batchPathSchema }, async ({ params, caller }) => ({
  body: await getBatch(deps, caller!.sub, params.id),
}));
