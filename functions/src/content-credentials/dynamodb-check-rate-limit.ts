import { countInWindow } from '../adapters/dynamodb/count-in-window';
import type { CheckRateLimit } from './check-image';

/** A fixed one-minute window per client, counted with one conditional update (expired by TTL). */
export class DynamoDbCheckRateLimit implements CheckRateLimit {
  allow(client: string, perMinute: number, atMs: number): Promise<boolean> {
    return countInWindow({ scope: 'verify-credentials', subject: client, max: perMinute, windowMs: 60_000 }, atMs);
  }
}
