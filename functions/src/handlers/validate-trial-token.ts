import { trialTokenPathSchema } from '@shared/schemas/trial';
import { apiHandler } from '../http/api-handler';
import { clientIpOf } from '../http/client-ip';
import { trialPageDeps } from '../trial/adapters';
import { validateTrialToken } from '../trial/trial-page';
import { configuredVision } from '../vision/configured-vision';

const deps = trialPageDeps(configuredVision());

/** Public: { valid, dealer_name } for an open link, { valid: false, error } otherwise (counted per link and client). */
export const handler = apiHandler('validate-trial-token', { params: trialTokenPathSchema }, async ({ params, event }) => ({
  body: await validateTrialToken(deps, params.token, clientIpOf(event)),
}));
