import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CreditPackageSeed } from '@shared/pricing';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { keys } from '../adapters/dynamodb/keys';
import type { CreditPackageRepository } from './credit-packages';

export class DynamoDbCreditPackageRepository implements CreditPackageRepository {
  async listActive(): Promise<CreditPackageSeed[]> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        FilterExpression: 'is_active = :yes',
        ExpressionAttributeValues: { ':pk': keys.creditPackagesPartition, ':yes': true },
      }),
    );
    return (out.Items ?? [])
      .map((i) => ({
        id: i.id,
        name: i.name,
        description: i.description,
        credits: i.credits,
        price_cents: i.price_cents,
        sort_order: i.sort_order,
        is_active: i.is_active,
        is_popular: i.is_popular,
      }) as CreditPackageSeed)
      .sort((a, b) => a.sort_order - b.sort_order);
  }

  /**
   * Seeds the packages (the local host at start): each is put only if absent, so a restart never overwrites what a
   * super user changed. In AWS a custom resource of the data stack does the same at deploy time.
   */
  async putIfAbsent(packages: readonly CreditPackageSeed[]): Promise<number> {
    let added = 0;
    for (const p of packages) {
      try {
        await dynamo().send(
          new PutCommand({ TableName: tableName(), Item: { ...keys.creditPackage(p.id), entity: 'credit_package', ...p }, ConditionExpression: 'attribute_not_exists(PK)' }),
        );
        added++;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    }
    return added;
  }
}
