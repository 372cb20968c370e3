import { describe, expect, it } from 'vitest';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { useLocalHost } from '../support/local-host';

useLocalHost();
const { createUploadTarget } = await import('../../functions/src/uploads/presigned-upload');
const { s3 } = await import('../../functions/src/adapters/s3/client');

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2048, 7)]);

async function upload(target: { url: string; fields: Record<string, string> }, bytes: Buffer, contentType?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(target.fields)) form.append(k, k === 'Content-Type' && contentType ? contentType : v);
  form.append('file', new Blob([new Uint8Array(bytes)]), 'photo.jpg');
  const res = await fetch(target.url, { method: 'POST', body: form });
  return { status: res.status, text: await res.text() };
}

describe('presigned browser uploads (S3 stand-in)', () => {
  const bucket = process.env.UPLOADS_BUCKET!;

  it('round trip: the browser POSTs through the public URL and the object is stored byte for byte', async () => {
    const key = `test/${Date.now()}/photo.jpg`;
    const target = await createUploadTarget({ bucket, key, contentType: 'image/jpeg' });
    expect(target.url.startsWith(process.env.PUBLIC_URL!)).toBe(true);
    const res = await upload(target, jpeg);
    expect(res.status).toBeLessThan(300);
    const got = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(jpeg)).toBe(true);
    expect(got.ContentType).toBe('image/jpeg');
  });

  it('an oversize file is refused as S3 refuses it, and nothing is stored', async () => {
    const key = `test/${Date.now()}/big.jpg`;
    const target = await createUploadTarget({ bucket, key, contentType: 'image/jpeg', maxBytes: 1024 });
    const res = await upload(target, jpeg);
    expect(res.status).toBe(400);
    expect(res.text).toContain('EntityTooLarge');
    await expect(s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('another content type than the signed one is refused', async () => {
    const key = `test/${Date.now()}/wrong.gif`;
    const target = await createUploadTarget({ bucket, key, contentType: 'image/jpeg' });
    const res = await upload(target, jpeg, 'image/gif');
    expect(res.status).toBe(403);
    expect(res.text).toContain('Policy Condition failed');
    await expect(s3().send(new GetObjectCommand({ Bucket: bucket, Key: key }))).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('a tampered policy (another key) fails the signature check', async () => {
    const target = await createUploadTarget({ bucket, key: `test/${Date.now()}/a.jpg`, contentType: 'image/jpeg' });
    const res = await upload({ ...target, fields: { ...target.fields, key: 'someone-else/a.jpg' } }, jpeg);
    expect(res.status).toBe(403);
  });
});
