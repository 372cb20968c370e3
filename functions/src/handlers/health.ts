import type { LivenessResponse } from '@shared/schemas/health';
import { apiHandler } from '../http/api-handler';
import { config } from '../lib/config';

/**
 * Public liveness: the API answers. It probes nothing, so anonymous callers can neither read engine errors nor make
 * it call DynamoDB, S3 and SES on every request; the engines' state is GET /api/admin/health, for super users.
 */
export const handler = apiHandler('health', {}, async () => {
  const body: LivenessResponse = { ok: true, home: config().APP_HOME };
  return { body };
});
