import { accountErasureRequestSchema } from '@shared/schemas/privacy';
import { apiHandler } from '../http/api-handler';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { CognitoUserDirectory } from '../auth/cognito-user-directory';
import { SfnRenderWorkflow } from '../car-packages/sfn-render-workflow';
import { config } from '../lib/config';
import { createMailer } from '../mail/create-mailer';
import { DynamoDbErasureStore } from '../privacy/dynamodb-erasure-store';
import { eraseAccount } from '../privacy/erase-account';
import { S3ObjectEraser } from '../privacy/s3-object-eraser';

const c = config();
for (const name of ['USER_POOL_ID', 'STATE_MACHINE_ARN', 'BATCH_STATE_MACHINE_ARN'] as const) if (!c[name]) throw new Error(`Missing required environment variable: ${name}`);
// Only the Step Functions client: the package and batch stores are not this handler's (its table grants come from its imports).
const workflow = (arn: string) => new SfnRenderWorkflow(arn, { region: c.AWS_REGION, endpoint: c.SFN_ENDPOINT });
const deps = {
  accounts: new DynamoDbAccountStore(),
  store: new DynamoDbErasureStore(),
  objects: new S3ObjectEraser({ uploads: c.UPLOADS_BUCKET, renders: c.RENDERS_BUCKET }),
  workflows: { packages: workflow(c.STATE_MACHINE_ARN!), batches: workflow(c.BATCH_STATE_MACHINE_ARN!) },
  directory: new CognitoUserDirectory(c.USER_POOL_ID!, c.AWS_REGION, c.COGNITO_ENDPOINT),
  mailer: createMailer(),
};

/** Settings → Delete my account: erases the caller's account within the request and mails a confirmation. */
export const handler = apiHandler('erase-account', { body: accountErasureRequestSchema, allowErasedCaller: true }, async ({ caller }) => ({ body: await eraseAccount(deps, caller!.sub) }));
