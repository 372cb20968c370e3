import { vinPathSchema } from '@shared/schemas/car-packages';
import { apiHandler } from '../http/api-handler';
import { DynamoDbPackageStore } from '../car-packages/dynamodb-package-store';
import { lookUpVin } from '../car-packages/read-packages';
import { vinDecoder } from '../vin/vin-decoder';

const deps = { store: new DynamoDbPackageStore(), vins: vinDecoder() };

/** The form's look-up of a VIN (issue 41): checked, decoded offline, and the dealer's packages of that car. */
export const handler = apiHandler('decode-vin', { params: vinPathSchema }, async ({ params, caller }) => ({
  body: await lookUpVin(deps, caller!.sub, params.vin),
}));
