import { keys } from '../adapters/dynamodb/keys';
import { queryAll } from '../adapters/dynamodb/query-all';
import type { PackageRecord } from './operations-report';
import type { OperationsReader } from './ports';

/** The UTC days from `from` to `to`, as yyyy-mm-dd. */
function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()); t <= to.getTime(); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

export class DynamoDbOperationsReader implements OperationsReader {
  async visionLooksPerHour(from: Date, to: Date): Promise<{ hour: string; looks: number }[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': keys.visionLooksPartition, ':from': keys.visionLooksHour(from.getTime() - (from.getTime() % 3_600_000)).SK, ':to': keys.visionLooksHour(to.getTime()).SK },
    });
    return items.map((i) => ({ hour: new Date(Number(String(i.SK).slice('HOUR#'.length))).toISOString(), looks: Number(i.count) })).sort((a, b) => a.hour.localeCompare(b.hour));
  }

  async packagesStartedBetween(from: Date, to: Date): Promise<PackageRecord[]> {
    const pages = await Promise.all(
      daysBetween(from, to).map((day) =>
        queryAll({
          IndexName: 'GSI2',
          KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': keys.carPackageDayPartition(day), ':from': from.toISOString(), ':to': `${to.toISOString()}~` },
          ProjectionExpression: 'id, #s, created_at, finished_at, failed_angles',
          ExpressionAttributeNames: { '#s': 'status' },
        }),
      ),
    );
    return pages.flat().map((i) => ({
      id: String(i.id),
      status: i.status as PackageRecord['status'],
      created_at: String(i.created_at),
      ...(typeof i.finished_at === 'string' ? { finished_at: i.finished_at } : {}),
      failed_angles: Number(i.failed_angles ?? 0),
    }));
  }

  async failedAngleReasons(packageIds: readonly string[]): Promise<string[]> {
    const reasons: string[] = [];
    // A few at a time: one Query per package with a failed angle.
    for (let i = 0; i < packageIds.length; i += 8) {
      const found = await Promise.all(
        packageIds.slice(i, i + 8).map((id) =>
          queryAll({
            KeyConditionExpression: 'PK = :pk AND begins_with(SK, :img)',
            FilterExpression: 'angle_status = :failed',
            ExpressionAttributeValues: { ':pk': keys.carPackagePartition(id), ':img': keys.carPackageImagePrefix, ':failed': 'failed' },
            ProjectionExpression: 'error_message',
          }),
        ),
      );
      for (const item of found.flat()) reasons.push(String(item.error_message ?? 'no reason recorded'));
    }
    return reasons;
  }
}
