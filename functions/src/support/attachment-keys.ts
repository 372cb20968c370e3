/** Where a dealer's support attachments are in the uploads bucket (no imports: the erasure reads it too). */
export const attachmentPrefix = (sub: string) => `support/${sub}/`;
