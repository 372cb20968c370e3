import { supportAttachmentRequestSchema } from '@shared/schemas/support';
import { apiHandler } from '../http/api-handler';
import { createSupportAttachmentUpload } from '../support/attachments';
import { S3AttachmentStorage } from '../support/s3-attachment-storage';
import { config } from '../lib/config';

/** A presigned upload of one support attachment (images, pdf, txt, doc, docx; at most 10 MB). */
export const handler = apiHandler('create-support-attachment-upload', { body: supportAttachmentRequestSchema }, async ({ body, caller }) => ({
  body: await createSupportAttachmentUpload(new S3AttachmentStorage(config().UPLOADS_BUCKET), caller!.sub, body),
}));
