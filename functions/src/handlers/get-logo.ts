import { apiHandler } from '../http/api-handler';
import { logoLink } from '../accounts/logo';
import { S3LogoStorage } from '../accounts/s3-logo-storage';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { config } from '../lib/config';

const accounts = new DynamoDbAccountStore();

/** Settings and the package form: a short-lived link to the dealer's uploaded logo (preview). */
export const handler = apiHandler('get-logo', {}, async ({ caller }) => ({
  body: await logoLink({ accounts, logos: new S3LogoStorage(config().UPLOADS_BUCKET) }, caller!.sub),
}));
