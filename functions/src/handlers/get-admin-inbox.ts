import { apiHandler } from '../http/api-handler';
import { superUserCheck } from '../accounts/super-user';
import { readAdminInbox } from '../admin/inbox';
import { DynamoDbInboxReader } from '../admin/dynamodb-inbox-reader';
import { S3AttachmentStorage } from '../support/s3-attachment-storage';
import { config } from '../lib/config';

const inbox = new DynamoDbInboxReader();

/** Super users only: the newest contact messages and support tickets. */
export const handler = apiHandler('get-admin-inbox', { isSuperUser: superUserCheck() }, async () => {
  const storage = new S3AttachmentStorage(config().UPLOADS_BUCKET);
  return { body: await readAdminInbox({ inbox, attachmentUrl: (key, name) => storage.downloadUrl(key, name) }) };
});
