import { randomUUID } from 'node:crypto';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { TABLE_DESIGN } from '../../infra/table-design';
import { useLocalHost } from '../support/local-host';

useLocalHost();
const { ensureTable } = await import('../../infra/local/dynamodb-local');

/** A local table made before an index joined the design (data kept in .local-data) gets the index at start, as the deployed one does. */
describe('local table', () => {
  it('an existing table without GSI2 gets it, and keeps GSI1', async () => {
    const client = new DynamoDBClient({ region: process.env.AWS_REGION ?? 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
    const TableName = `old-design-${randomUUID().slice(0, 8)}`;
    const attr = (AttributeName: string) => ({ AttributeName, AttributeType: 'S' as const });
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [{ AttributeName: 'PK', KeyType: 'HASH' }, { AttributeName: 'SK', KeyType: 'RANGE' }],
        AttributeDefinitions: ['PK', 'SK', 'GSI1PK', 'GSI1SK'].map(attr),
        GlobalSecondaryIndexes: [{ IndexName: 'GSI1', KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }, { AttributeName: 'GSI1SK', KeyType: 'RANGE' }], Projection: { ProjectionType: 'ALL' } }],
      }),
    );
    try {
      expect(await ensureTable(client, TableName)).toBe('existing');
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      expect((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName).sort()).toEqual(TABLE_DESIGN.globalSecondaryIndexes.map((g) => g.indexName).sort());
      // A second start finds nothing to add.
      expect(await ensureTable(client, TableName)).toBe('existing');
    } finally {
      await client.send(new DeleteTableCommand({ TableName }));
    }
  });
});
