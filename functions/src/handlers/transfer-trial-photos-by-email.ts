import { transferPhotosByEmailRequestSchema } from '@shared/schemas/trial';
import { packageAdapters, renderWorkflow } from '../car-packages/adapters';
import { apiHandler } from '../http/api-handler';
import { trialAnswer, trialStorage } from '../trial/adapters';
import { transferByEmail } from '../trial/transfer';
import { configuredVision } from '../vision/configured-vision';

const packages = { ...packageAdapters(), workflow: renderWorkflow(), vision: configuredVision() };
const deps = { links: trialStorage().links, accounts: packages.accounts, packages };

/** The fallback without a token: a link converted to the caller's own address, transferred once. Form or JSON. */
export const handler = apiHandler('transfer-trial-photos-by-email', { body: transferPhotosByEmailRequestSchema, acceptForm: true }, async ({ body, caller }) =>
  trialAnswer(() => transferByEmail(deps, caller!.sub, body), { transferred_count: 0 }),
);
