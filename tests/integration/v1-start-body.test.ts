import { describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';

/**
 * Issue 40: the v1 start took any body and ignored it, so a request meant for something else (angles, a background)
 * started the package and spent a credit. It takes no body, or `{}`; anything else is refused and changes nothing.
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');

const send = async (token: string, method: string, path: string, init: { body?: string; type?: string } = {}) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(init.type ? { 'content-type': init.type } : {}) },
    body: init.body,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
};
const json = (value: unknown) => ({ body: JSON.stringify(value), type: 'application/json' });

describe('POST /api/v1/car-packages/{id}/start and its body', () => {
  it('refuses a body with any field, malformed JSON or another type (4xx, nothing started or charged); no body or {} reach the start', async () => {
    const dealer = await signInNewDealer(url, 'v1-start-body');
    const { secret } = (await send(dealer.accessToken, 'POST', '/api/api-keys', json({ name: 'Start body' }))).body as { secret: string };
    const request = json({ external_id: `BODY-${Date.now()}`, session_name: 'Start body', photos: [{ file_name: 'front.jpg', content_type: 'image/jpeg', size: 200_000 }] });
    const created = await send(secret, 'POST', '/api/v1/car-packages', request);
    expect(created.status).toBe(201);
    const start = `/api/v1/car-packages/${created.body.id}/start`;
    const balance = async () => ((await send(secret, 'GET', '/api/v1/credits/balance')).body as { total_credits: number }).total_credits;
    const before = await balance();

    const unknown = await send(secret, 'POST', start, json({ angles: ['front_left_corner'], background: 'studio' }));
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body)).toContain('Unknown field: angles');
    expect((await send(secret, 'POST', start, { body: '{"angles":', type: 'application/json' })).status).toBe(400);
    expect((await send(secret, 'POST', start, { body: 'start please', type: 'text/plain' })).status).toBe(415);
    expect(await balance()).toBe(before);
    // Still the same unstarted draft: creating by its external_id again answers it as a draft.
    expect((await send(secret, 'POST', '/api/v1/car-packages', request)).body).toMatchObject({ id: created.body.id, status: 'draft', created: false });

    // No body and `{}` are the start itself: here it refuses a draft whose photo was never uploaded, in its own words.
    for (const init of [{}, json({})]) {
      const answer = await send(secret, 'POST', start, init);
      expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(answer.body)).not.toMatch(/Unknown field|JSON body|content type/i);
    }
    expect(await balance()).toBe(before);
  }, 60_000);
});
