import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signRenderedImage } from '../../functions/src/content-credentials/credentialed-renderer';
import { LocalContentSigner } from '../../functions/src/content-credentials/local-signer';
import { verifyCredentials } from '../../functions/src/content-credentials/verify';
import type { RenderedImage } from '../../functions/src/renderer/port';
import { car } from '../renderer/bad-photos';

/**
 * The dealer's photo is the parent ingredient of every image made from it, and the library reads it through a Blob.
 * A photo's Buffer may be a view into memory shared with other bytes (Node's buffer pool; in a render task, the S3
 * client's own requests): only the photo's bytes may be read. Seen broken on 2026-11-27: the angles made from a WebP
 * photo failed "on our side" now and then, the library reading "GET\n" or "POST" where the photo's RIFF header was.
 * Also eight images signed at once, as a package's render tasks sign them in the local home's one process.
 */
const signer = new LocalContentSigner(mkdtempSync(join(tmpdir(), 'c2pa-parent-')));

async function image(i: number, sourcePhotoId: string): Promise<RenderedImage> {
  const plate = sharp({ create: { width: 1536, height: 1024, channels: 3, background: { r: 40 + i * 20, g: 90, b: 140 } } });
  return {
    full: await plate.clone().jpeg({ quality: 90 }).toBuffer(),
    web: await plate.clone().resize(768, 512).webp({ quality: 80 }).toBuffer(),
    metadata: { renderer: 'local', model: 'test', angle: 'front', background: 'studio', sourcePhotoId, mirrored: false, timings: {}, warnings: [] },
  } as unknown as RenderedImage;
}

async function expectSigned(signed: RenderedImage, label: string) {
  for (const [bytes, format] of [[signed.full, 'image/jpeg'], [signed.web, 'image/webp']] as const) {
    const report = await verifyCredentials(bytes, format, signer);
    expect({ label, format, status: report.status, problems: report.problems }).toEqual({ label, format, status: 'signed_by_us', problems: [] });
  }
}

/** The photo's bytes behind other bytes in one piece of memory, as a view (byteOffset > 0). */
const behindOtherBytes = (bytes: Buffer) => {
  const other = Buffer.from('GET\n/uploads/car-packages/some-other-key\nhost:localhost\n', 'latin1');
  return Buffer.concat([other, bytes]).subarray(other.length);
};

describe('the parent photo read by the C2PA library', () => {
  it.each(['webp', 'png', 'jpeg'] as const)('a %s photo whose Buffer is a view into other bytes: only its own bytes are read', async (format) => {
    const bytes = behindOtherBytes(await sharp(car('hyundai-ioniq5-silver-front34-grass.jpg')).resize(700)[format]().toBuffer());
    expect(bytes.byteOffset).toBeGreaterThan(0);
    await expectSigned(await signRenderedImage(await image(1, 'photo-1'), [{ id: 'photo-1', bytes }], undefined, { signer, fidelityThreshold: 0.75 }), format);
  });

  it('eight images from photos of three formats, signed at once: every one signed by us', async () => {
    const base = sharp(car('hyundai-ioniq5-silver-front34-grass.jpg'));
    const photos = await Promise.all([base.clone().resize(900).jpeg().toBuffer(), base.clone().resize(800).png().toBuffer(), base.clone().resize(700).webp().toBuffer()]);
    const sources = photos.map((bytes, i) => ({ id: `photo-${i + 1}`, bytes: behindOtherBytes(bytes) }));
    const images = await Promise.all(Array.from({ length: 8 }, (_, i) => image(i, `photo-${(i % 3) + 1}`)));
    const signed = await Promise.all(images.map((img) => signRenderedImage(img, sources, undefined, { signer, fidelityThreshold: 0.75 })));
    for (const [i, s] of signed.entries()) await expectSigned(s, `image ${i}`);
  }, 120_000);
});
