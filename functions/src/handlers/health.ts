import { apiHandler } from '../http/api-handler';
import { checkHealth } from '../health/check-health';
import { engineProbes } from '../health/engine-probes';
import { config } from '../lib/config';

const probes = engineProbes();

export const handler = apiHandler('health', {}, async () => {
  const health = await checkHealth(probes);
  return { status: health.ok ? 200 : 503, body: { ...health, home: config().APP_HOME } };
});
