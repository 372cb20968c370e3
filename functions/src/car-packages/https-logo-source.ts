import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { MAX_LOGO_BYTES } from '@shared/limits';
import type { LogoSource } from './ports';

export class LogoUnreadableError extends Error {}

/** Loopback, private, link-local and other non-public ranges: a logo URL must not reach into our own network. */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return !(a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b < 128) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b < 32) || (a === 192 && b === 168) || a >= 224);
  }
  const v6 = address.toLowerCase();
  if (v6.startsWith('::ffff:')) return isPublicAddress(v6.slice(7));
  return !(v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe8') || v6.startsWith('fe9') || v6.startsWith('fea') || v6.startsWith('feb') || v6.startsWith('ff'));
}

const isImage = (b: Buffer) =>
  (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
  b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') ||
  /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(b.subarray(0, 1024).toString('utf8'));

/**
 * Fetches the logo from the dealer's https URL: public addresses only, no redirects, at most 2 MB, 5 s, and the
 * bytes must be an image. Each failure says why, for the dealer.
 */
export class HttpsLogoSource implements LogoSource {
  constructor(private readonly timeoutMs = 5000) {}

  async fetch(url: string): Promise<Buffer> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new LogoUnreadableError('the Logo URL is not a web address.');
    }
    if (parsed.protocol !== 'https:') throw new LogoUnreadableError('the Logo URL must start with https://.');
    let addresses: { address: string }[];
    try {
      addresses = await lookup(parsed.hostname.replace(/^\[|\]$/g, ''), { all: true });
    } catch {
      throw new LogoUnreadableError(`${parsed.hostname} could not be reached.`);
    }
    if (!addresses.length || !addresses.every((a) => isPublicAddress(a.address))) throw new LogoUnreadableError(`${parsed.hostname} is not a public web address.`);
    let response: Response;
    try {
      response = await fetch(parsed, { redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw new LogoUnreadableError(`${parsed.hostname} did not answer.`);
    }
    if (!response.ok || !response.body) throw new LogoUnreadableError(`${parsed.hostname} answered ${response.status}.`);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > MAX_LOGO_BYTES) throw new LogoUnreadableError(`the logo is larger than ${MAX_LOGO_BYTES / 1024 / 1024} MB.`);
      chunks.push(Buffer.from(chunk));
    }
    const bytes = Buffer.concat(chunks);
    if (!isImage(bytes)) throw new LogoUnreadableError('the Logo URL does not point to a PNG, JPEG, WebP or SVG image.');
    return bytes;
  }
}
