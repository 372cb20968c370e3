import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { useLocalHost } from '../support/local-host';
import { securityHeaders } from '../../infra/security-headers';
import { isLocalHostHeader, mayReach } from '../../infra/local/host';

/**
 * The local host on a developer's laptop: it answers only to its own names (DNS rebinding), sends the same security
 * headers as CloudFront, keeps the mailbox and management endpoints to this machine, and its S3 front lets through
 * only what our presigned URLs allow.
 */
const { url } = useLocalHost();
const { s3, s3ForBrowser } = await import('../../functions/src/adapters/s3/client');
const bucket = process.env.RENDERS_BUCKET!;

/** A raw request with a Host header of our choosing (fetch does not let you set Host). */
function rawGet(path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(port), path, method: 'GET', headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the local host is safe on a laptop', () => {
  it('refuses any Host but localhost and 127.0.0.1 (DNS rebinding), on pages, the API and the mailbox', async () => {
    const { port } = new URL(url);
    for (const path of ['/', '/api/health', '/_local/mailbox/messages.json', '/config.json']) {
      const evil = await rawGet(path, `rebind.attacker.example:${port}`);
      expect(evil.status, path).toBe(421);
      expect(evil.body).toContain('answers only to localhost and 127.0.0.1');
      expect((await rawGet(path, `localhost:${port}`)).status, path).toBe(200);
      expect((await rawGet(path, `127.0.0.1:${port}`)).status, path).toBe(200);
    }
    expect(isLocalHostHeader('localhost')).toBe(true);
    expect(isLocalHostHeader('127.0.0.1:3000')).toBe(true);
    expect(isLocalHostHeader('localhost.attacker.example')).toBe(false);
    expect(isLocalHostHeader('127.0.0.1.nip.io:3000')).toBe(false);
    expect(isLocalHostHeader(undefined)).toBe(false);
  });

  it('sends the security headers of infra/security-headers.ts on the SPA, the landing page and the API', async () => {
    const { port } = new URL(url);
    const expected = securityHeaders({ connect: [`ws://localhost:${port}/ws`, `ws://127.0.0.1:${port}/ws`], img: [] });
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['content-security-policy']).toMatch(/script-src 'self' https:\/\/js\.stripe\.com;/);
    for (const path of ['/', '/dashboard', '/contact', '/api/health', '/api/credits/packages', '/api/nope']) {
      const res = await fetch(`${url}${path}`);
      for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${path} ${name}`).toBe(value);
    }
  });

  it('keeps the mailbox and the management endpoints to this machine', () => {
    for (const path of ['/_local/mailbox', '/_local/mailbox/messages.json', '/_local/sfn', '/_local/sfn/trace', '/_local/ws-management/abc']) {
      expect(mayReach(path, '127.0.0.1'), path).toBe(true);
      expect(mayReach(path, '::1'), path).toBe(true);
      expect(mayReach(path, '::ffff:127.0.0.1'), path).toBe(true);
      expect(mayReach(path, '192.168.1.20'), path).toBe(false);
      expect(mayReach(path, '::ffff:10.0.0.5'), path).toBe(false);
    }
    for (const path of ['/', '/api/health', '/_local/cognito', '/s3/x']) expect(mayReach(path, '192.168.1.20'), path).toBe(true);
  });

  describe("the S3 front forwards only what our presigned URLs allow", () => {
    const key = `proof/${crypto.randomUUID()}.txt`;

    it('a presigned GET reads the object; unsigned, tampered, expired, listing, PUT and DELETE are refused', async () => {
      await s3().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'studio image', ContentType: 'text/plain' }));
      const signed = await getSignedUrl(s3ForBrowser(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 60 });
      expect(signed.startsWith(`${url}/s3/`)).toBe(true);
      const ok = await fetch(signed);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toBe('studio image');
      // The signature covers the method, as in S3: a GET URL does not allow a HEAD.
      expect((await fetch(signed, { method: 'HEAD' })).status).toBe(403);

      const unsigned = signed.split('?')[0]!;
      expect((await fetch(unsigned)).status).toBe(403);
      const tampered = new URL(signed);
      tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
      expect((await fetch(tampered)).status).toBe(403);
      const otherKey = signed.replace(encodeURIComponent(key.split('/')[1]!), 'other.txt').replace(key.split('/')[1]!, 'other.txt');
      expect((await fetch(otherKey)).status).toBe(403);
      const stale = new URL(signed);
      stale.searchParams.set('X-Amz-Date', '20200101T000000Z');
      expect((await fetch(stale)).status).toBe(403);

      expect((await fetch(`${url}/s3/${bucket}`)).status).toBe(403); // listing
      expect((await fetch(`${url}/s3/`)).status).toBe(403); // list buckets
      expect((await fetch(unsigned, { method: 'PUT', body: 'overwritten' })).status).toBe(403);
      expect((await fetch(unsigned, { method: 'DELETE' })).status).toBe(403);
      // The object is untouched.
      expect(await (await fetch(signed)).text()).toBe('studio image');
    });

    it('a presigned URL that has expired is refused', async () => {
      const signed = await getSignedUrl(s3ForBrowser(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 1 });
      await new Promise((r) => setTimeout(r, 2100));
      expect((await fetch(signed)).status).toBe(403);
    });
  });
});
