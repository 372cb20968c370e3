/** The real adapters of the trial link ports, from configuration: what every trial handler wires. */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { countWithinRateLimits } from '../adapters/dynamodb/rate-limited-put';
import { S3PhotoStorage } from '../car-packages/s3-photo-storage';
import type { HandlerResult } from '../http/api-handler';
import { errorResponse } from '../http/error-response';
import { config } from '../lib/config';
import { DomainError } from '../lib/errors';
import type { CarVision } from '../vision/port';
import { DynamoDbTrialLinkStore } from './dynamodb-trial-link-store';
import type { TrialPageDeps } from './trial-page';

export function trialStorage() {
  const c = config();
  return { links: new DynamoDbTrialLinkStore(), photos: new S3PhotoStorage(c.UPLOADS_BUCKET, c.RENDERS_BUCKET) };
}

export function trialPageDeps(vision: CarVision): TrialPageDeps {
  return { ...trialStorage(), vision, count: countWithinRateLimits, perClientPerHour: config().TRIAL_PER_CLIENT_PER_HOUR };
}

/**
 * The spec's answer shapes carry `success` and `error`: a refusal is answered with them (and the API's usual
 * `message` and `code`, which every client of this API reads), plus the answer's zero counts.
 */
export async function trialAnswer(run: () => Promise<unknown>, onRefusal: Record<string, unknown> = {}): Promise<HandlerResult> {
  try {
    return { body: await run() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const response: APIGatewayProxyStructuredResultV2 = errorResponse(error);
    return { status: response.statusCode, body: { success: false, error: error.message, ...onRefusal, ...(JSON.parse(String(response.body)) as object) } };
  }
}
