import type { PackageRecord } from './operations-report';

/** Reads what the Operations figures are made of (DynamoDB: the packages' day index, GSI2, and their angle items). */
export interface OperationsReader {
  /** Car packages started in [from, to), by their start time. */
  packagesStartedBetween(from: Date, to: Date): Promise<PackageRecord[]>;
  /** The error messages of the failed angles of these packages, one entry per failed angle. */
  failedAngleReasons(packageIds: readonly string[]): Promise<string[]>;
  /** The car checks' new looks (vision calls) per hour whose hour starts in [from, to), by hour start. */
  visionLooksPerHour(from: Date, to: Date): Promise<{ hour: string; looks: number }[]>;
}
