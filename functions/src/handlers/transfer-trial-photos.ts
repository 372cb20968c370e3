import { transferPhotosRequestSchema } from '@shared/schemas/trial';
import { packageAdapters, renderWorkflow } from '../car-packages/adapters';
import { apiHandler } from '../http/api-handler';
import { trialAnswer, trialStorage } from '../trial/adapters';
import { transferByToken } from '../trial/transfer';
import { configuredVision } from '../vision/configured-vision';

const packages = { ...packageAdapters(), workflow: renderWorkflow(), vision: configuredVision() };
const deps = { links: trialStorage().links, accounts: packages.accounts, packages };

/** The caller's trial photos (by the link's token) become a car package charged 1 trial credit, once. Form or JSON. */
export const handler = apiHandler('transfer-trial-photos', { body: transferPhotosRequestSchema, acceptForm: true }, async ({ body, caller }) =>
  trialAnswer(() => transferByToken(deps, caller!.sub, body), { transferred_count: 0 }),
);
