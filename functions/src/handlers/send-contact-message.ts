import { contactMessageRequestSchema } from '@shared/schemas/contact';
import { apiHandler } from '../http/api-handler';
import { sendContactMessage } from '../contact/send-contact-message';
import { DynamoDbContactMessageStore } from '../contact/dynamodb-contact-message-store';
import { createMailer } from '../mail/create-mailer';
import { config } from '../lib/config';

const store = new DynamoDbContactMessageStore();
const mailer = createMailer();

export const handler = apiHandler('send-contact-message', { body: contactMessageRequestSchema }, async ({ body, sourceIp }) => {
  const { id } = await sendContactMessage({ store, mailer, supportEmail: config().SUPPORT_EMAIL }, body, sourceIp);
  return { body: { success: true, id } };
});
