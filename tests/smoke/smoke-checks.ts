/**
 * What a deployed stage must give, checked from outside over HTTP(S) with nothing but its site URL: the site, its
 * runtime config.json, the API's liveness, the magic-link request answering the same for any address, and an upload
 * policy refused without a token. Used by `npm run smoke -- <site url>` (tests/smoke/smoke.ts) and by CI against the
 * local host. It sends two sign-in link requests for made-up addresses (no account is created: not a trial sign-up;
 * no mail can be delivered) and nothing else that writes.
 */
import { randomUUID } from 'node:crypto';
import { magicLinkResponseSchema } from '@shared/schemas/auth';
import { livenessResponseSchema } from '@shared/schemas/health';
import { runtimeConfigSchema } from '@shared/schemas/runtime-config';

export interface SmokeResult {
  name: string;
  ok: boolean;
  detail: string;
}

type Check = { name: string; run: (base: string) => Promise<string> };

const expectStatus = (res: Response, expected: number, what: string) => {
  if (res.status !== expected) throw new Error(`${what}: HTTP ${res.status}, expected ${expected}`);
};

const CHECKS: Check[] = [
  {
    name: 'the site answers with the web app',
    run: async (base) => {
      const res = await fetch(`${base}/`, { redirect: 'follow' });
      expectStatus(res, 200, 'GET /');
      const html = await res.text();
      if (!/text\/html/.test(res.headers.get('content-type') ?? '') || !/<html/i.test(html)) throw new Error('GET / is not an HTML page');
      const app = await fetch(`${base}/dashboard`, { redirect: 'follow' });
      expectStatus(app, 200, 'GET /dashboard (a client-side route)');
      if (!/<div id="root"/.test(await app.text())) throw new Error('GET /dashboard is not the web app');
      return `GET / and /dashboard: HTML (${html.length} bytes)`;
    },
  },
  {
    name: 'config.json is the runtime configuration',
    run: async (base) => {
      const res = await fetch(`${base}/config.json`);
      expectStatus(res, 200, 'GET /config.json');
      const parsed = runtimeConfigSchema.safeParse(await res.json());
      if (!parsed.success) throw new Error(`config.json does not match the runtime configuration: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
      return `home ${parsed.data.home}, API ${parsed.data.apiUrl}`;
    },
  },
  {
    name: '/api/health answers',
    run: async (base) => {
      const res = await fetch(`${base}/api/health`);
      expectStatus(res, 200, 'GET /api/health');
      const body = livenessResponseSchema.parse(await res.json());
      return `ok, home ${body.home}`;
    },
  },
  {
    name: 'the magic-link request answers the same for any address',
    run: async (base) => {
      const ask = async (email: string) => {
        const res = await fetch(`${base}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
        return { status: res.status, body: await res.text() };
      };
      const tag = randomUUID().slice(0, 8);
      const [a, b] = await Promise.all([ask(`smoke-${tag}@example.com`), ask(`someone.else.${tag}@example.org`)]);
      if (a.status < 200 || a.status > 299) throw new Error(`POST /api/auth/magic-link: HTTP ${a.status} ${a.body.slice(0, 200)}`);
      const parsed = magicLinkResponseSchema.safeParse((() => { try { return JSON.parse(a.body); } catch { return undefined; } })());
      if (!parsed.success) throw new Error(`POST /api/auth/magic-link answered ${a.body.slice(0, 200)}, not { sent: true }`);
      if (a.status !== b.status || a.body !== b.body) throw new Error(`two addresses got different answers: ${a.status} ${a.body} / ${b.status} ${b.body}`);
      return `HTTP ${a.status}, same body for both`;
    },
  },
  {
    name: 'an upload policy is refused without a token',
    run: async (base) => {
      const res = await fetch(`${base}/api/car-packages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session_name: 'Smoke test', photos: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size: 1000 }] }),
      });
      expectStatus(res, 401, 'POST /api/car-packages without a token');
      const text = await res.text();
      if (/x-amz-signature|"uploads"/i.test(text)) throw new Error('the refusal carries an upload policy');
      return 'HTTP 401, no policy';
    },
  },
];

export async function runSmokeChecks(siteUrl: string): Promise<SmokeResult[]> {
  const base = siteUrl.replace(/\/+$/, '');
  const results: SmokeResult[] = [];
  for (const check of CHECKS) {
    try {
      results.push({ name: check.name, ok: true, detail: await check.run(base) });
    } catch (error) {
      results.push({ name: check.name, ok: false, detail: (error as Error).message });
    }
  }
  return results;
}
