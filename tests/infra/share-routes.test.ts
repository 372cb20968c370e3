import { describe, expect, it } from 'vitest';
import { NOT_SHARED_API_PATH, SHARE_REWRITE, isEmbedPath, shareApiPath } from '../../infra/share-routes';
import { securityHeaders } from '../../infra/security-headers';

/** The CloudFront Function's code run as CloudFront runs it: a request event in, the request out. */
function cloudFront(uri: string) {
  const handler = new Function(`${SHARE_REWRITE}; return handler;`)() as (event: unknown) => { uri: string; headers: Record<string, { value: string }> };
  return handler({ request: { uri, headers: { 'x-viewer-address': { value: 'forged' } } }, viewer: { ip: '203.0.113.9' } });
}

describe('the shared car addresses (/c/<token>) in both homes', () => {
  const token = 'Ab-_0123456789abcdefgh';
  const cases: [string, string][] = [
    [`/c/${token}`, `/api/share/${token}/page`],
    [`/c/${token}/embed`, `/api/share/${token}/embed`],
    [`/c/${token}/`, NOT_SHARED_API_PATH],
    [`/c/${token}/embed/`, NOT_SHARED_API_PATH],
    [`/c/${token}/images`, NOT_SHARED_API_PATH],
    ['/c/', NOT_SHARED_API_PATH],
    ['/c/../api/me', NOT_SHARED_API_PATH],
    ['/c/a%2Fb', NOT_SHARED_API_PATH],
  ];

  it('CloudFront and the local host send the same paths to the same API routes (anything else: the 404 page)', () => {
    for (const [path, api] of cases) {
      expect(shareApiPath(path) ?? NOT_SHARED_API_PATH, path).toBe(api);
      expect(cloudFront(path).uri, path).toBe(api);
    }
  });

  it("the edge writes the viewer's address, replacing what the caller sent", () => {
    expect(cloudFront(`/c/${token}`).headers['x-viewer-address']).toEqual({ value: '203.0.113.9' });
  });

  it('only the embed may be framed: frame-ancestors * and no X-Frame-Options; every other response DENY and none', () => {
    expect(isEmbedPath(`/c/${token}/embed`)).toBe(true);
    for (const path of [`/c/${token}`, '/', '/dashboard', `/c/${token}/embed/`, '/api/share/x/embed']) expect(isEmbedPath(path), path).toBe(false);
    const sources = { connect: [], img: [] };
    const strict = securityHeaders(sources);
    const embed = securityHeaders(sources, 'any');
    expect(strict['x-frame-options']).toBe('DENY');
    expect(strict['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(embed['x-frame-options']).toBeUndefined();
    expect(embed['content-security-policy']).toMatch(/frame-ancestors \*$/);
    // Framable is the only difference.
    expect(embed['content-security-policy']!.replace('frame-ancestors *', "frame-ancestors 'none'")).toBe(strict['content-security-policy']);
  });
});
