import { createBatchRequestSchema } from '@shared/schemas/batch';
import { superUserCheck } from '../accounts/super-user';
import { batchAdapters } from '../batch/adapters';
import { createBatch } from '../batch/start-batch';
import { apiHandler } from '../http/api-handler';

const deps = batchAdapters();

/** Super users only: a batch to fill, one presigned upload per photo (at most 10); nothing is charged until it starts. */
export const handler = apiHandler('create-batch', { isSuperUser: superUserCheck(), body: createBatchRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: await createBatch(deps, caller!.sub, body),
}));
