import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { config } from '../lib/config';

/**
 * The viewer's IP. Behind CloudFront, API Gateway's sourceIp is the edge's address; the distribution's viewer-request
 * function writes the viewer's into `x-viewer-address` (overwriting whatever a caller sent), and the API answers only
 * requests that came through CloudFront (TRUST_VIEWER_ADDRESS is set there). Locally there is no edge: the socket's
 * address is the viewer's.
 */
export function clientIpOf(event: APIGatewayProxyEventV2): string {
  // Only where the edge sets it: elsewhere (locally) a caller could send any value to dodge per-client limits.
  const viewer = config().TRUST_VIEWER_ADDRESS === 'true' ? event.headers?.['x-viewer-address']?.trim() : undefined;
  if (viewer && /^[0-9a-fA-F:.]{2,45}$/.test(viewer)) return viewer;
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}
