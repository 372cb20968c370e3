import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { countInWindow } from '../adapters/dynamodb/count-in-window';
import { keys, ttlAt } from '../adapters/dynamodb/keys';
import type { CheckBudgetPorts, LookDepth } from './check-budget';
import type { CarSighting } from './port';

/** How long a photo's check answer is remembered (a dealer re-tries a package within days, not months). */
const RECORD_DAYS = 30;
/** How long the hourly count of looks is kept (the Operations tab shows the last 24 hours). */
const LOOK_COUNT_DAYS = 8;
const HOUR_MS = 3_600_000;

/**
 * The check budget in the table: the remembered answers under the dealer's partition (erased with it), the fixed
 * windows as single conditional updates (no transaction: concurrent checks of one account must queue on the counter,
 * not cancel each other), and one counter item per hour of every look.
 */
export function dynamoDbCheckBudget(accounts = new DynamoDbAccountStore()): CheckBudgetPorts {
  return {
    records: {
      async get(sub: string, digest: string, depth: LookDepth) {
        const { Item } = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.visionCheck(sub, digest, depth) }));
        return Item && (Item.expiresAt as number) * 1000 > Date.now() ? (JSON.parse(Item.sighting as string) as CarSighting) : undefined;
      },
      async put(sub: string, digest: string, depth: LookDepth, sighting: CarSighting, atMs: number) {
        await dynamo().send(
          new PutCommand({ TableName: tableName(), Item: { ...keys.visionCheck(sub, digest, depth), sighting: JSON.stringify(sighting), checked_at: new Date(atMs).toISOString(), expiresAt: ttlAt(atMs + RECORD_DAYS * 86_400_000) } }),
        );
      },
    },
    allow: (scope, subject, max, windowMs, atMs) => countInWindow({ scope, subject, max, windowMs }, atMs),
    async countLook(atMs) {
      const hour = atMs - (atMs % HOUR_MS);
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.visionLooksHour(hour),
          UpdateExpression: 'ADD #count :one SET expiresAt = :exp',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':exp': ttlAt(hour + LOOK_COUNT_DAYS * 86_400_000) },
        }),
      );
    },
    async isPaying(sub) {
      return ((await accounts.getProfile(sub))?.total_credits_purchased ?? 0) > 0;
    },
  };
}
