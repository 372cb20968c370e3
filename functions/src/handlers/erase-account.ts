import { accountErasureRequestSchema } from '@shared/schemas/privacy';
import { apiHandler } from '../http/api-handler';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { CognitoUserDirectory } from '../auth/cognito-user-directory';
import { config } from '../lib/config';
import { createMailer } from '../mail/create-mailer';
import { DynamoDbErasureStore } from '../privacy/dynamodb-erasure-store';
import { eraseAccount } from '../privacy/erase-account';
import { S3ObjectEraser } from '../privacy/s3-object-eraser';

const c = config();
if (!c.USER_POOL_ID) throw new Error('Missing required environment variable: USER_POOL_ID');
const deps = {
  accounts: new DynamoDbAccountStore(),
  store: new DynamoDbErasureStore(),
  objects: new S3ObjectEraser({ uploads: c.UPLOADS_BUCKET, renders: c.RENDERS_BUCKET }),
  directory: new CognitoUserDirectory(c.USER_POOL_ID, c.AWS_REGION, c.COGNITO_ENDPOINT),
  mailer: createMailer(),
};

/** Settings → Delete my account: erases the caller's account within the request and mails a confirmation. */
export const handler = apiHandler('erase-account', { body: accountErasureRequestSchema }, async ({ caller }) => ({ body: await eraseAccount(deps, caller!.sub) }));
