import { describe, expect, it } from 'vitest';
import { SHARED_CAR_ORIGIN_PER_MINUTE } from '@shared/limits';
import { SHARE_MESSAGES } from '@shared/messages';
import { sha256 } from '../lib/ids';
import type { StoredImage, StoredPackage } from '../car-packages/car-package';
import { sharedImageFile, type ShareDeps } from './share';

/**
 * Each shared car has its own limit of requests that reach the API a minute (issue 40, N5): a car past it is refused
 * with 429 and when to try again, while another shared car is still answered.
 */
function sharedCars(tokens: string[]) {
  const windows = new Map<string, number>();
  const pkg = (token: string) => ({ id: `pkg-${token}`, user_id: 'dealer', session_name: 'Car', share_token: token }) as unknown as StoredPackage;
  const image = { angle: 'front', angle_status: 'completed', rendered_key: 'r', web_key: 'w', mirrored: false } as unknown as StoredImage;
  const deps: ShareDeps = {
    shares: { turnOn: async () => true, turnOff: async () => undefined, find: async (hash) => { const t = tokens.find((x) => sha256(x) === hash); return t ? { package_id: `pkg-${t}`, user_id: 'dealer' } : undefined; } },
    store: { getWithImages: async (id: string) => ({ pkg: pkg(id.slice(4)), images: [image] }) } as unknown as ShareDeps['store'],
    photos: { readRender: async () => Buffer.from('jpeg') },
    countView: async (hash, max) => {
      const n = windows.get(hash) ?? 0;
      if (n >= max) return false;
      windows.set(hash, n + 1);
      return true;
    },
    now: () => Date.parse('2026-11-29T12:00:45Z'),
  };
  return deps;
}

describe('a shared car\'s own request limit', () => {
  it(`answers ${SHARED_CAR_ORIGIN_PER_MINUTE} requests a minute for one car, then 429 for that car only`, async () => {
    const deps = sharedCars(['busyCarToken0000000001', 'quietCarToken000000002']);
    for (let i = 0; i < SHARED_CAR_ORIGIN_PER_MINUTE; i++) await sharedImageFile(deps, 'busyCarToken0000000001', 'front', 'web');
    const refused = await sharedImageFile(deps, 'busyCarToken0000000001', 'front', 'web').catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 15, message: SHARE_MESSAGES.busy });
    await expect(sharedImageFile(deps, 'quietCarToken000000002', 'front', 'web')).resolves.toMatchObject({ content_type: 'image/webp' });
    // An unknown link is "not shared", not counted against anyone.
    await expect(sharedImageFile(deps, 'unknownToken0000000003', 'front', 'web')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
