import { useMutation } from '@tanstack/react-query';
import { ACCEPTED_ATTACHMENT_TYPES } from '@shared/limits';
import type { SupportAttachmentResponse, SupportTicketRequest, SupportTicketResponse } from '@shared/schemas/support';
import { api } from '@/lib/api-client';
import { uploadByPresignedPost } from '@/lib/presigned-post-upload';

/** A file's type as the server expects it; some browsers give .doc/.docx/.txt no type, so the extension decides. */
export function attachmentContentType(file: File): string {
  if (file.type && file.type in ACCEPTED_ATTACHMENT_TYPES) return file.type;
  const name = file.name.toLowerCase();
  const found = Object.entries(ACCEPTED_ATTACHMENT_TYPES).find(([, exts]) => exts.some((ext) => name.endsWith(ext)));
  return found?.[0] ?? file.type;
}

/** Uploads the attachment straight to storage through a presigned POST, and returns its key for the ticket. */
async function uploadAttachment(file: File): Promise<string> {
  const upload = await api.post<SupportAttachmentResponse>(
    '/api/support/attachments',
    { file_name: file.name, content_type: attachmentContentType(file), size: file.size },
    { auth: true },
  );
  await uploadByPresignedPost(upload, file, () => undefined, (status) =>
    status === 0 ? `The attachment ${file.name} could not be uploaded. Please try again.` : `The attachment ${file.name} was refused by storage (${status}).`,
  );
  return upload.key;
}

export type SupportTicketInput = Omit<SupportTicketRequest, 'attachment_key'> & { attachment?: File | null };

/** The support form: attachment first (if any), then the ticket, which the server stores and mails to support. */
export function useSendSupportTicket() {
  return useMutation({
    mutationFn: async ({ attachment, ...ticket }: SupportTicketInput) => {
      const attachmentKey = attachment ? await uploadAttachment(attachment) : undefined;
      return api.post<SupportTicketResponse>('/api/support/tickets', { ...ticket, ...(attachmentKey ? { attachment_key: attachmentKey } : {}) }, { auth: true });
    },
  });
}
