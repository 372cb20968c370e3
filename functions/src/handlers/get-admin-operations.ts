import { superUserCheck } from '../accounts/super-user';
import { apiHandler } from '../http/api-handler';
import { DynamoDbOperationsReader } from '../operations/dynamodb-operations-reader';
import { readOperations } from '../operations/read-operations';

const deps = { reader: new DynamoDbOperationsReader() };

/** Super users only: the car packages of the last 24 hours by status, their wall time, refunds and failed angles. */
export const handler = apiHandler('get-admin-operations', { isSuperUser: superUserCheck() }, async () => ({ body: await readOperations(deps) }));
