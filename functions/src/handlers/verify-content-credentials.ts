import { checkImage } from '../content-credentials/check-image';
import { contentSignerFromEnv } from '../content-credentials/create-signer';
import { DynamoDbCheckRateLimit } from '../content-credentials/dynamodb-check-rate-limit';
import { apiHandler } from '../http/api-handler';
import { clientIpOf } from '../http/client-ip';

const deps = { signer: contentSignerFromEnv(), rateLimit: new DynamoDbCheckRateLimit() };

/** POST /api/content-credentials/verify (public): the body is the image itself (image/jpeg, image/png, image/webp). */
export const handler = apiHandler('verify-content-credentials', {}, async ({ event }) => {
  const body = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'latin1');
  return { body: await checkImage(deps, bytes, clientIpOf(event)) };
});
