import { OPERATIONS_WINDOW_HOURS, type AdminOperationsResponse } from '@shared/schemas/admin-operations';
import { operationsReport } from './operations-report';
import type { OperationsReader } from './ports';

/** GET /api/admin/operations: the figures of the car packages started in the last 24 hours. */
export async function readOperations(deps: { reader: OperationsReader; now?: () => Date }): Promise<AdminOperationsResponse> {
  const until = deps.now?.() ?? new Date();
  const since = new Date(until.getTime() - OPERATIONS_WINDOW_HOURS * 3_600_000);
  const packages = await deps.reader.packagesStartedBetween(since, until);
  const failedAngleReasons = await deps.reader.failedAngleReasons(packages.filter((p) => p.failed_angles > 0).map((p) => p.id));
  const visionLooks = await deps.reader.visionLooksPerHour(since, until);
  return operationsReport({ since, until, packages, failedAngleReasons, visionLooks });
}
