import { apiHandler } from '../http/api-handler';
import { saveLogo } from '../accounts/logo';
import { S3LogoStorage } from '../accounts/s3-logo-storage';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { config } from '../lib/config';

const accounts = new DynamoDbAccountStore();

/** Settings: checks the uploaded logo by its bytes and keeps it for the studio images. */
export const handler = apiHandler('save-logo', {}, async ({ caller }) => ({
  body: { profile: await saveLogo({ accounts, logos: new S3LogoStorage(config().UPLOADS_BUCKET) }, caller!.sub) },
}));
