import { describe, expect, it } from 'vitest';
import { sha256 } from '../lib/ids';
import type { StoredPackage } from '../car-packages/car-package';
import { byteRange, sharedVideoFile, type ShareDeps } from './share';

/**
 * A shared car's walk-around video by its stable link (issue 41, item 6): whole, or the byte range asked for (Safari asks
 * for a video in ranges and plays none that answers without them); a range outside the file is 416 with the file's
 * size; a car without a video, or a link not shared, is 404.
 */
const TOKEN = 'videoCarToken000000001';
const MP4 = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

function deps(video: StoredPackage['video'] | undefined): ShareDeps {
  const pkg = { id: 'pkg-1', user_id: 'dealer', session_name: 'Car', share_token: TOKEN, ...(video ? { video } : {}) } as unknown as StoredPackage;
  return {
    shares: { turnOn: async () => true, turnOff: async () => undefined, find: async (hash) => (hash === sha256(TOKEN) ? { package_id: 'pkg-1', user_id: 'dealer' } : undefined) },
    store: { getWithImages: async () => ({ pkg, images: [] }) } as unknown as ShareDeps['store'],
    photos: { readRender: async (key: string) => (key === 'video-key' ? MP4 : Buffer.alloc(0)) },
  };
}
const VIDEO = { key: 'video-key', size_bytes: 1000, duration_seconds: 8, angles: ['front', 'rear'], fingerprint: 'f', encoder: 'e', made_at: '2026-11-30T00:00:00Z' } as StoredPackage['video'];

describe('byte ranges of the shared video', () => {
  it.each([
    [undefined, undefined],
    ['bytes=0-1', { start: 0, end: 1 }],
    ['bytes=10-', { start: 10, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'unsatisfiable'],
    ['bytes=5-4', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,5-6', undefined],
    ['items=0-1', undefined],
    ['bytes=-', undefined],
  ] as const)('%s of 1000 bytes: %j', (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });

  it('answers the whole MP4, the range asked for (206), or 416 with the size; 404 without a video or a share', async () => {
    const whole = await sharedVideoFile(deps(VIDEO), TOKEN, undefined);
    expect(whole).toMatchObject({ status: 200, headers: { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'cache-control': 'public, max-age=0, s-maxage=60' } });
    expect(whole.bytes.equals(MP4)).toBe(true);
    const first = await sharedVideoFile(deps(VIDEO), TOKEN, 'bytes=0-1');
    expect(first).toMatchObject({ status: 206, headers: { 'content-range': 'bytes 0-1/1000' } });
    expect([...first.bytes]).toEqual([0, 1]);
    const tail = await sharedVideoFile(deps(VIDEO), TOKEN, 'bytes=-3');
    expect(tail.headers['content-range']).toBe('bytes 997-999/1000');
    expect(tail.bytes.equals(MP4.subarray(997))).toBe(true);
    const outside = await sharedVideoFile(deps(VIDEO), TOKEN, 'bytes=1000-');
    expect(outside).toMatchObject({ status: 416, headers: { 'content-range': 'bytes */1000' } });
    expect(outside.bytes.length).toBe(0);
    await expect(sharedVideoFile(deps(undefined), TOKEN, undefined)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(sharedVideoFile(deps(VIDEO), 'unknownToken0000000003', undefined)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
