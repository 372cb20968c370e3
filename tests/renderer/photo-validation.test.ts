import { describe, expect, it } from 'vitest';
import { decodePhoto, sniffPhotoType } from '../../functions/src/renderer/photo-validation';
import { PhotoRejectedError } from '../../functions/src/renderer/port';
import { LocalRenderer } from '../../functions/src/renderer/local/local-renderer';
import { badPhotos, car } from './bad-photos';

describe('photo validation (no model loaded)', async () => {
  const { source, photos } = await badPhotos();

  it.each(photos.map((p) => [p.name, p] as const))(`refuses %s with its specific reason within 1 s and 100 MB (${source} fixtures)`, async (_name, bad) => {
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const error = await decodePhoto(bad.bytes, bad.name).then(
      () => undefined,
      (e: unknown) => e,
    );
    const elapsed = performance.now() - started;
    expect(error).toBeInstanceOf(PhotoRejectedError);
    expect((error as PhotoRejectedError).reason).toBe(bad.reason);
    expect((error as PhotoRejectedError).message).toMatch(/photo|file|image/i);
    expect((error as PhotoRejectedError).message).not.toMatch(/at .*\.ts|Error:/);
    expect(elapsed).toBeLessThan(1000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses bad photos through the renderer before loading the cut-out model', async () => {
    const renderer = new LocalRenderer();
    const started = performance.now();
    for (const bad of photos) {
      await expect(renderer.render({ photos: [{ id: bad.name, bytes: bad.bytes }], angle: 'front', background: 'studio' })).rejects.toMatchObject({
        name: 'PhotoRejectedError',
        reason: bad.reason,
        photoId: bad.name,
      });
    }
    // Loading ISNet alone takes over a second; all refusals together stay well under that.
    expect(performance.now() - started).toBeLessThan(photos.length * 1000);
  });

  it('decides the type by bytes, not by file name, and shrinks big photos while decoding', async () => {
    const x3 = car('bmw-x3-blue-front34-parked-4540px.jpg');
    expect(sniffPhotoType(x3)).toBe('jpeg');
    const decoded = await decodePhoto(x3);
    expect(decoded.originalWidth).toBe(4540);
    expect(Math.max(decoded.width, decoded.height)).toBe(1536);
    expect(decoded.rgb.length).toBe(decoded.width * decoded.height * 3);
  });
});
