import { v1CreateCarPackageRequestSchema } from '@shared/schemas/public-api';
import { apiHandler } from '../http/api-handler';
import { keyAdmission } from '../api-keys/key-admission';
import { packageAdapters } from '../car-packages/adapters';
import { createByExternalId } from '../public-api/car-packages';
import { DynamoDbExternalIdIndex } from '../public-api/dynamodb-public-api-store';
import { vinDecoder } from '../vin/vin-decoder';

const deps = { ...packageAdapters(), externalIds: new DynamoDbExternalIdIndex(), vins: vinDecoder() };

/** Public API: a car package by the dealer's external_id (201), or the one that already has it (200). */
export const handler = apiHandler('v1-create-car-package', { admitKeyCall: keyAdmission(), body: v1CreateCarPackageRequestSchema }, async ({ body, caller }) => createByExternalId(deps, caller!.sub, body));
