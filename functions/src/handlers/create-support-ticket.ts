import { supportTicketRequestSchema } from '@shared/schemas/support';
import { apiHandler } from '../http/api-handler';
import { createSupportTicket } from '../support/create-support-ticket';
import { DynamoDbSupportTicketStore } from '../support/dynamodb-support-ticket-store';
import { S3AttachmentStorage } from '../support/s3-attachment-storage';
import { createMailer } from '../mail/create-mailer';
import { config } from '../lib/config';

const store = new DynamoDbSupportTicketStore();
const mailer = createMailer();

/** The support centre's contact form. */
export const handler = apiHandler('create-support-ticket', { body: supportTicketRequestSchema }, async ({ body, caller, sourceIp }) => {
  const deps = { store, mailer, attachments: new S3AttachmentStorage(config().UPLOADS_BUCKET), supportEmail: config().SUPPORT_EMAIL };
  const { id } = await createSupportTicket(deps, caller!, body, sourceIp);
  return { body: { success: true, id } };
});
