/**
 * The bad inputs: ../shared/fixtures/bad when present (never committed: it derives from a share-alike
 * photo), otherwise equivalents generated from the committed photos so a fresh clone runs the same checks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import type { PhotoRejectionReason } from '../../functions/src/renderer/port';

export const CARS_DIR = resolve(import.meta.dirname, '../fixtures/cars');
const SHARED_BAD = resolve(import.meta.dirname, '../../../shared/fixtures/bad');

export const car = (name: string) => readFileSync(resolve(CARS_DIR, name));

export interface BadPhoto {
  name: string;
  bytes: Buffer;
  reason: PhotoRejectionReason;
}

/** A PNG whose header claims width x height, with no pixel data after it. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const len = Buffer.alloc(4);
  len.writeUInt32BE(13);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), len, Buffer.from('IHDR'), ihdr, Buffer.alloc(4)]);
}

export async function badPhotos(): Promise<{ source: 'shared' | 'generated'; photos: BadPhoto[] }> {
  const expected: Record<string, PhotoRejectionReason> = {
    'empty.jpg': 'empty',
    'not-an-image.jpg': 'unsupported_type',
    'truncated.jpg': 'corrupt',
    'huge-12mb-7800x5200.jpg': 'too_large',
    'bomb-30000x30000.png': 'too_many_pixels',
    'huge-header-truncated.png': 'too_many_pixels',
    'tiny-40x30.jpg': 'too_small',
    'animated-or-gif.gif': 'unsupported_type',
  };
  if (existsSync(SHARED_BAD)) {
    return {
      source: 'shared',
      photos: Object.entries(expected).map(([name, reason]) => ({ name, reason, bytes: readFileSync(resolve(SHARED_BAD, name)) })),
    };
  }
  const cupra = car('cupra-born-grey-front34-street.jpg');
  const bytes: Record<string, Buffer> = {
    'empty.jpg': Buffer.alloc(0),
    'not-an-image.jpg': Buffer.from('This is a text file renamed to .jpg\n'.repeat(20)),
    'truncated.jpg': cupra.subarray(0, Math.round(cupra.length * 0.4)),
    // Over 10 MB: the size check comes before any decoding, so JPEG magic plus padding is equivalent.
    'huge-12mb-7800x5200.jpg': Buffer.concat([cupra, Buffer.alloc(12 * 1024 * 1024 - cupra.length)]),
    'bomb-30000x30000.png': await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } }).png({ compressionLevel: 9 }).toBuffer(),
    'huge-header-truncated.png': pngHeaderOnly(100_000, 100_000),
    'tiny-40x30.jpg': await sharp(cupra).resize(40, 30).jpeg().toBuffer(),
    'animated-or-gif.gif': await sharp(cupra).resize(200, 150).gif().toBuffer(),
  };
  return { source: 'generated', photos: Object.entries(expected).map(([name, reason]) => ({ name, reason, bytes: bytes[name]! })) };
}
