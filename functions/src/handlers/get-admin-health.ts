import { apiHandler } from '../http/api-handler';
import { superUserCheck } from '../accounts/super-user';
import { checkHealth } from '../health/check-health';
import { engineProbes } from '../health/engine-probes';
import { config } from '../lib/config';

const probes = engineProbes();

/** Every engine behind the API and the error it gave, for super users (503 when one is down). */
export const handler = apiHandler('get-admin-health', { isSuperUser: superUserCheck() }, async () => {
  const health = await checkHealth(probes);
  return { status: health.ok ? 200 : 503, body: { ...health, home: config().APP_HOME } };
});
