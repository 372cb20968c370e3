import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from '../../lib/config';

let documentClient: DynamoDBDocumentClient | undefined;

/** One document client per process, pointed at DynamoDB Local when DYNAMODB_ENDPOINT is set. */
export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const { AWS_REGION, DYNAMODB_ENDPOINT } = config();
    const client = new DynamoDBClient({ region: AWS_REGION, ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}) });
    documentClient = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  }
  return documentClient;
}

export function tableName(): string {
  return config().TABLE_NAME;
}

/** True when a transaction or conditional write was refused by one of its conditions. */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string })?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/** The reasons DynamoDB gives for each item of a cancelled transaction (in item order). */
export function cancellationCodes(error: unknown): string[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] })?.CancellationReasons ?? [];
  return reasons.map((r) => r.Code ?? 'None');
}

/**
 * Awaits a conditional write whose refusal is an expected outcome, not an error (the item moved on, or is gone):
 * true when it was written, false when its condition refused it; any other error is thrown.
 */
export async function ignoreConditionFailure(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
