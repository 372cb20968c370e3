import { carPackagePathSchema } from '@shared/schemas/car-packages';
import { v1StartCarPackageRequestSchema } from '@shared/schemas/public-api';
import { apiHandler } from '../http/api-handler';
import { keyAdmission } from '../api-keys/key-admission';
import { packageAdapters, renderWorkflow } from '../car-packages/adapters';
import { startWithIdempotencyKey } from '../public-api/car-packages';
import { DynamoDbExternalIdIndex, DynamoDbIdempotencyKeys } from '../public-api/dynamodb-public-api-store';
import { budgetedVisionFor } from '../vision/configured-check-budget';

const visionFor = budgetedVisionFor();
const deps = { ...packageAdapters(), workflow: renderWorkflow(), externalIds: new DynamoDbExternalIdIndex(), idempotency: new DynamoDbIdempotencyKeys() };

/** Public API: the app's start (checks, 1 credit once, the render workflow), honouring an Idempotency-Key. */
export const handler = apiHandler('v1-start-car-package', { admitKeyCall: keyAdmission(), params: carPackagePathSchema, body: v1StartCarPackageRequestSchema, optionalBody: true }, async ({ params, caller, event, sourceIp }) => ({
  body: await startWithIdempotencyKey({ ...deps, vision: visionFor({ sub: caller!.sub, sourceIp }) }, caller!.sub, params.id, event.headers?.['idempotency-key']),
}));
