import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MailMark } from '../../mail/mail-once';
import { dynamo, ignoreConditionFailure, tableName } from './client';

/**
 * The mark of a mail sent once (functions/src/mail/mail-once.ts) on the item at `key`: `attribute` holds 'claimed',
 * then 'sent' or 'off'; `<attribute>_at` the claim's time, so only the claim's own caller settles it.
 */
export function dynamoMailMark(key: Record<string, string>, attribute: string): MailMark {
  const names = { '#mail': attribute, '#at': `${attribute}_at` };
  return {
    claim: (claimedAt) =>
      ignoreConditionFailure(
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: 'SET #mail = :claimed, #at = :at',
            ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(#mail)',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':claimed': 'claimed', ':at': claimedAt },
          }),
        ),
      ),
    settle: async (claimedAt, outcome) => {
      const givenBack = outcome === 'failed';
      await ignoreConditionFailure(
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: key,
            UpdateExpression: givenBack ? 'REMOVE #mail, #at' : 'SET #mail = :outcome',
            ConditionExpression: '#at = :at',
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':at': claimedAt, ...(givenBack ? {} : { ':outcome': outcome }) },
          }),
        ),
      );
    },
  };
}
