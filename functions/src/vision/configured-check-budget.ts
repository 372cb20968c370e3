/** The car check as a handler gives it to one caller: the configured vision behind the check budget in the table. */
import { budgetedVision, checkLimitsFromEnv } from './check-budget';
import { configuredVision } from './configured-vision';
import { dynamoDbCheckBudget } from './dynamodb-check-budget';
import type { CarVision, PlateReader } from './port';

export function budgetedVisionFor(env: NodeJS.ProcessEnv = process.env, extras: { readPlate?: PlateReader } = {}): (who: { sub: string; sourceIp: string }) => CarVision {
  const vision = configuredVision(env, extras);
  const ports = dynamoDbCheckBudget();
  const limits = checkLimitsFromEnv(env);
  return (who) => budgetedVision(vision, ports, limits, who);
}
