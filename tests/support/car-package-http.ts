/**
 * Car packages through the shared host's public surfaces (HTTP API, presigned POST uploads), for dealers signed in
 * with a magic link (tests/integration/package-api-client.ts). Also reads the shared host's table and buckets
 * through the project's adapters: call useLocalHost() before importing this module.
 */
import type { CreateCarPackageResponse } from '@shared/schemas/car-packages';
import { PackageApi, uploadByPresignedPost, type Dealer } from '../integration/package-api-client';
import { adapters } from './car-package-harness';

/** The dealer's account id: the `sub` of their access token. */
export function subOf(dealer: Dealer): string {
  const payload = JSON.parse(Buffer.from(dealer.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub?: string };
  if (!payload.sub) throw new Error('access token without sub');
  return payload.sub;
}

export interface HttpPhoto {
  file_name: string;
  bytes: Buffer;
  /** What the browser declares (default from the file name's extension). */
  content_type?: string;
  /** What the browser declares (default: the real size). */
  size?: number;
  /** Upload the bytes through the presigned POST (default true). */
  upload?: boolean;
}

const typeOf = (name: string) => (/\.png$/i.test(name) ? 'image/png' : /\.webp$/i.test(name) ? 'image/webp' : /\.gif$/i.test(name) ? 'image/gif' : 'image/jpeg');

/** POST /api/car-packages and each upload's presigned POST, answering what each step said. */
export async function createPackage(api: PackageApi, photos: HttpPhoto[], name = `Test car ${Date.now()}`, options: { fill_missing_sides?: boolean; vin?: string; stock_number?: string } = {}) {
  const created = await api.call<CreateCarPackageResponse & { message?: string; fields?: Record<string, string> }>('POST', '/api/car-packages', {
    session_name: name,
    ...options,
    photos: photos.map((p) => ({ file_name: p.file_name, content_type: p.content_type ?? typeOf(p.file_name), size: p.size ?? p.bytes.length })),
  });
  if (created.status !== 201) return { created, id: undefined, uploads: [] as ('ok' | string)[] };
  const uploads = await Promise.all(
    created.body.uploads.map((u, i) =>
      photos[i]!.upload === false
        ? Promise.resolve('skipped')
        : uploadByPresignedPost(u, photos[i]!.bytes, photos[i]!.content_type ?? typeOf(photos[i]!.file_name)).then(
            () => 'ok',
            (e: Error) => e.message,
          ),
    ),
  );
  return { created, id: created.body.package_id, uploads };
}

/** Balance, ledger and the stored package of a dealer, read straight from the table. */
export async function chargesOf(sub: string) {
  const entries = await adapters.credits.listAll(sub);
  return {
    entries,
    debits: entries.filter((e) => e.kind === 'debit'),
    refunds: entries.filter((e) => e.kind === 'refund'),
    sum: entries.reduce((s, e) => s + e.credits, 0),
  };
}
