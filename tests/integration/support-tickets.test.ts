import { describe, expect, it } from 'vitest';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SUPPORT_RATE_LIMIT } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { adminInboxResponseSchema, supportAttachmentResponseSchema } from '@shared/schemas';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

useLocalHost();
const { ensureAccountInTable } = await import('../../functions/src/accounts/ensure-account-in-table');
const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
const { bytesMatchType } = await import('../../functions/src/support/attachment-bytes');
const { safeFileName } = await import('../../functions/src/support/attachments');
const { readOutbox } = await import('../../functions/src/mail/outbox-mailer');
const { s3 } = await import('../../functions/src/adapters/s3/client');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');

type User = { sub: string; email: string };
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(1500, 0x20), Buffer.from('\n%%EOF\n')]);
let ip = 0;
const nextIp = () => `10.20.${Math.floor(++ip / 250)}.${ip % 250}`;

async function uploadAttachment(user: User, fileName: string, contentType: string, bytes: Buffer) {
  const res = await callRoute('POST /api/support/attachments', { user, body: { file_name: fileName, content_type: contentType, size: bytes.length } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const target = supportAttachmentResponseSchema.parse(res.body);
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const up = await fetch(target.url, { method: 'POST', body: form });
  expect(up.status, await up.text()).toBeLessThan(300);
  return target.key;
}

const ticket = (extra: Record<string, unknown> = {}) => ({
  name: 'Dana',
  email: 'dana@example.com',
  category: 'bug',
  subject: 'Download button',
  message: 'The download button does nothing.',
  ...extra,
});

const ticketsOf = async (sub: string) =>
  ((await dynamo().send(new QueryCommand({ TableName: tableName(), IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :p', ExpressionAttributeValues: { ':p': 'SUPPORT_TICKETS' } }))).Items ?? []).filter(
    (i) => i.user_id === sub,
  );

describe('support tickets with an attachment', () => {
  it('uploads a PDF through a presigned POST under the caller\'s prefix, stores the ticket, mails support, and shows it in the admin inbox', async () => {
    const user = newUser();
    await ensureAccountInTable(user);
    const key = await uploadAttachment(user, 'Screen shot (1).pdf', 'application/pdf', pdf);
    expect(key).toMatch(new RegExp(`^support/${user.sub}/[0-9A-Z]{26}/Screen-shot-1\\.pdf$`));
    const subject = `Broken download ${user.sub}`;
    const res = await callRoute('POST /api/support/tickets', { user, sourceIp: nextIp(), body: ticket({ subject, attachment_key: key }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ success: true, id: expect.any(String) });

    const mail = (await readOutbox(process.env.OUTBOX_DIR!)).find((m) => m.subject === `Support [bug]: ${subject}`);
    expect(mail?.to).toBe(process.env.SUPPORT_EMAIL);
    expect(mail?.replyTo).toBe('dana@example.com');
    expect(mail?.text).toContain('Screen-shot-1.pdf');

    const admin = newUser('admin');
    await ensureAccountInTable(admin);
    await promoteToSuperUser(new DynamoDbAccountStore(), admin.email);
    const inbox = adminInboxResponseSchema.parse((await callRoute('GET /api/admin/inbox', { user: admin })).body);
    const found = inbox.support_tickets.find((t) => t.id === res.body.id)!;
    expect(found).toMatchObject({ user_id: user.sub, subject, category: 'bug', status: 'mailed' });
    expect(found.attachment).toMatchObject({ file_name: 'Screen-shot-1.pdf', content_type: 'application/pdf', size: pdf.length });
    const download = await fetch(found.attachment!.download_url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("user B cannot attach user A's file: 403, and no ticket is stored or mailed", async () => {
    const a = newUser('a');
    const b = newUser('b');
    const key = await uploadAttachment(a, 'invoice.pdf', 'application/pdf', pdf);
    const subject = `Stolen ${b.sub}`;
    const res = await callRoute('POST /api/support/tickets', { user: b, sourceIp: nextIp(), body: ticket({ subject, attachment_key: key }) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MESSAGES.attachmentNotYours);
    for (const other of ['uploads/x.pdf', `support/${b.sub}/../${a.sub}/x.pdf`, `support/${b.sub}/not-an-id/x.pdf`]) {
      expect((await callRoute('POST /api/support/tickets', { user: b, sourceIp: nextIp(), body: ticket({ attachment_key: other }) })).status).toBe(403);
    }
    expect(await ticketsOf(b.sub)).toEqual([]);
    expect((await readOutbox(process.env.OUTBOX_DIR!)).some((m) => m.subject.includes(subject))).toBe(false);
  });

  it('refuses an attachment whose bytes are not its type, or that was never uploaded', async () => {
    const user = newUser();
    const fake = await uploadAttachment(user, 'report.pdf', 'application/pdf', Buffer.from('MZ\x90\x00 this is an executable, not a PDF'));
    let res = await callRoute('POST /api/support/tickets', { user, sourceIp: nextIp(), body: ticket({ attachment_key: fake }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.attachmentTypeMismatch('report.pdf'));

    const binaryText = await uploadAttachment(user, 'notes.txt', 'text/plain', Buffer.from([0x68, 0x69, 0x00, 0x01]));
    res = await callRoute('POST /api/support/tickets', { user, sourceIp: nextIp(), body: ticket({ attachment_key: binaryText }) });
    expect(res.status).toBe(400);

    const text = await uploadAttachment(user, 'notes.txt', 'text/plain', Buffer.from('Grüße — steps to reproduce:\n1. open\n'));
    res = await callRoute('POST /api/support/tickets', { user, sourceIp: nextIp(), body: ticket({ attachment_key: text }) });
    expect(res.status).toBe(200);

    const never = `support/${user.sub}/01JD0000000000000000000000/missing.pdf`;
    res = await callRoute('POST /api/support/tickets', { user, sourceIp: nextIp(), body: ticket({ attachment_key: never }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MESSAGES.attachmentMissing);
    expect((await ticketsOf(user.sub)).length).toBe(1);
  });

  it('the presigned POST refuses another content type than the one asked for', async () => {
    const user = newUser();
    const res = await callRoute('POST /api/support/attachments', { user, body: { file_name: 'a.pdf', content_type: 'application/pdf', size: pdf.length } });
    const target = supportAttachmentResponseSchema.parse(res.body);
    const form = new FormData();
    for (const [k, v] of Object.entries(target.fields)) form.append(k, k === 'Content-Type' ? 'text/html' : v);
    form.append('file', new Blob([new Uint8Array(pdf)]), 'a.pdf');
    expect((await fetch(target.url, { method: 'POST', body: form })).status).toBe(403);
    await expect(s3().send(new HeadObjectCommand({ Bucket: process.env.UPLOADS_BUCKET!, Key: target.key }))).rejects.toBeDefined();
  });

  const badUploads: [string, unknown, RegExp][] = [
    ['a GIF', { file_name: 'a.gif', content_type: 'image/gif', size: 10 }, /This file type is not accepted/],
    ['over 10 MB', { file_name: 'a.pdf', content_type: 'application/pdf', size: 10 * 1024 * 1024 + 1 }, /This file is larger than 10 MB\./],
    ['an extension that is not the type', { file_name: 'a.exe', content_type: 'application/pdf', size: 10 }, /file_name must end with \.pdf/],
    ['an unknown field', { file_name: 'a.pdf', content_type: 'application/pdf', size: 10, bucket: 'x' }, /Unknown field: bucket/],
    ['a negative size', { file_name: 'a.pdf', content_type: 'application/pdf', size: -5 }, /This file is empty\./],
  ];
  for (const [name, body, message] of badUploads) {
    it(`an attachment request with ${name} gets 400 with a clear message`, async () => {
      const res = await callRoute('POST /api/support/attachments', { user: newUser(), body });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
    });
  }

  const badTickets: [string, { body?: unknown; rawBody?: string }, RegExp][] = [
    ['malformed JSON', { rawBody: '{"name":' }, /not valid JSON/],
    ['an unknown category', { body: ticket({ category: 'refund' }) }, /category must be one of bug, feature, general, billing, technical/],
    ['a missing subject', { body: ticket({ subject: '  ' }) }, /subject is required/],
    ['a bad e-mail', { body: ticket({ email: 'nope' }) }, /valid email/],
    ['an unknown field', { body: ticket({ user_id: 'someone' }) }, /Unknown field: user_id/],
  ];
  for (const [name, input, message] of badTickets) {
    it(`a ticket with ${name} gets 400 and stores nothing`, async () => {
      const user = newUser();
      const res = await callRoute('POST /api/support/tickets', { user, sourceIp: nextIp(), ...input });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(message);
      expect(await ticketsOf(user.sub)).toEqual([]);
    });
  }

  it(`is rate-limited: at most ${SUPPORT_RATE_LIMIT.perUser} tickets per user per hour`, async () => {
    const user = newUser();
    const statuses: number[] = [];
    for (let i = 0; i <= SUPPORT_RATE_LIMIT.perUser; i++) {
      statuses.push((await callRoute('POST /api/support/tickets', { user, sourceIp: nextIp(), body: ticket({ subject: `n${i}` }) })).status);
    }
    expect(statuses).toEqual([...Array(SUPPORT_RATE_LIMIT.perUser).fill(200), 429]);
    expect((await ticketsOf(user.sub)).length).toBe(SUPPORT_RATE_LIMIT.perUser);
  });
});

describe('attachment bytes', () => {
  const cases: [string, number[] | string, string, boolean][] = [
    ['JPEG', [0xff, 0xd8, 0xff, 0xe0, 0, 0], 'image/jpeg', true],
    ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png', true],
    ['WebP', 'RIFF\x10\x00\x00\x00WEBPVP8 ', 'image/webp', true],
    ['RIFF that is not WebP', 'RIFF\x10\x00\x00\x00WAVEfmt ', 'image/webp', false],
    ['PDF', '%PDF-1.4', 'application/pdf', true],
    ['DOC (OLE2)', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0], 'application/msword', true],
    ['DOCX (zip)', [0x50, 0x4b, 0x03, 0x04, 0x14, 0], 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', true],
    ['PNG claimed as JPEG', [0x89, 0x50, 0x4e, 0x47], 'image/jpeg', false],
    ['invalid UTF-8 text', [0x68, 0xc3, 0x28], 'text/plain', false],
    ['UTF-8 text', 'héllo\n', 'text/plain', true],
  ];
  for (const [name, input, type, expected] of cases) {
    it(`${name} as ${type}: ${expected}`, () => {
      const bytes = typeof input === 'string' ? new Uint8Array(Buffer.from(input, 'latin1')) : new Uint8Array(input);
      expect(bytesMatchType(type === 'text/plain' && typeof input === 'string' ? new Uint8Array(Buffer.from(input)) : bytes, type as never)).toBe(expected);
    });
  }

  it('file names are made safe for keys and headers', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('Ångström "report" (final).PDF')).toBe('Angstrom-report-final.pdf');
    expect(safeFileName('.pdf')).toBe('attachment.pdf');
    expect(safeFileName('a'.repeat(200) + '.docx')).toBe('a'.repeat(80) + '.docx');
  });
});
