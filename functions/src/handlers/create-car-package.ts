import { createCarPackageRequestSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { packageAdapters } from '../car-packages/adapters';
import { createCarPackage } from '../car-packages/start-package';
import { vinDecoder } from '../vin/vin-decoder';

const deps = { ...packageAdapters(), vins: vinDecoder() };

/** A car package to fill: one presigned upload per photo; nothing is charged until it starts. */
export const handler = apiHandler('create-car-package', { body: createCarPackageRequestSchema }, async ({ body, caller }) => ({
  status: 201,
  body: await createCarPackage(deps, caller!.sub, body),
}));
