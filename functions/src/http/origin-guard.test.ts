import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { cameThroughSite, ORIGIN_VERIFY_HEADER } from './origin-guard';
import { useLocalHost } from '../../../tests/support/local-host';

// The health route reads the table: the run's shared host's (its environment set before the handler is loaded).
useLocalHost();
const { handler: health } = await import('../handlers/health');

const SECRET = 'a-generated-origin-secret-of-48-characters-long!';
const request = (headers: Record<string, string>) =>
  ({ headers, requestContext: { requestId: 'r1', http: { method: 'GET', path: '/api/health', sourceIp: '203.0.113.9' } }, rawPath: '/api/health' }) as unknown as APIGatewayProxyEventV2;

describe('the API answers only requests that came through CloudFront', () => {
  afterEach(() => void delete process.env.ORIGIN_VERIFY_SECRET);

  it('compares the x-origin-verify header with the secret', () => {
    expect(cameThroughSite({ [ORIGIN_VERIFY_HEADER]: SECRET }, SECRET)).toBe(true);
    expect(cameThroughSite({}, SECRET)).toBe(false);
    expect(cameThroughSite({ [ORIGIN_VERIFY_HEADER]: `${SECRET}x` }, SECRET)).toBe(false);
    expect(cameThroughSite({ [ORIGIN_VERIFY_HEADER]: '' }, SECRET)).toBe(false);
    // No edge, no secret (the local host): everything passes.
    expect(cameThroughSite({}, undefined)).toBe(true);
  });

  it('a direct call to the execute-api endpoint gets 403 with a message, through CloudFront the route answers', async () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    const direct = await health(request({ 'x-viewer-address': '198.51.100.1' }));
    expect(direct.statusCode).toBe(403);
    expect(JSON.parse(String(direct.body))).toMatchObject({ message: MESSAGES.onlyThroughSite });
    const viaSite = await health(request({ [ORIGIN_VERIFY_HEADER]: SECRET }));
    expect(viaSite.statusCode).toBe(200);
  });
});
