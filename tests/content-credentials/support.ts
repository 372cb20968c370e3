/** Helpers of the content credentials tests: a dealer photo with GPS and a serial in EXIF, JPEG surgery. */
import sharp from 'sharp';
import { car } from '../renderer/bad-photos';

export const SERIAL = 'SN-TEST-4711-0815';
export const CAMERA = 'TestCam Pro X1';

/** A committed car photo re-saved as a phone would: GPS position, camera make/model and serial numbers in EXIF. */
export async function photoWithGps(file = 'cupra-born-grey-front34-street.jpg'): Promise<Buffer> {
  return sharp(car(file))
    .withExif({
      IFD0: { Make: 'TestCam', Model: CAMERA, Software: 'TestCam firmware 1.0' },
      IFD2: { BodySerialNumber: SERIAL, LensSerialNumber: `${SERIAL}-L` },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 1200/100' },
    })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The APP11 (JUMBF, where C2PA lives) segments of a JPEG. */
export function jumbfSegments(jpeg: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1]!;
    if (marker === 0xda) break; // start of scan: no more metadata segments
    const length = jpeg.readUInt16BE(i + 2);
    if (marker === 0xeb) out.push(jpeg.subarray(i, i + 2 + length));
    i += 2 + length;
  }
  return out;
}

/** `target` with the C2PA segments of `source` put where a signer puts them (after the start of image). */
export function transplantManifest(source: Buffer, target: Buffer): Buffer {
  return Buffer.concat([target.subarray(0, 2), ...jumbfSegments(source), target.subarray(2)]);
}

/** Reads the XMP packet of an image as text. */
export async function xmpOf(bytes: Buffer): Promise<string> {
  return (await sharp(bytes).metadata()).xmp?.toString('utf8') ?? '';
}

/**
 * Where the C2PA manifest store sits (JPEG: its APP11 segments, WebP: its C2PA chunk). The JUMBF box framing in
 * there (box lengths, UUIDs) is not hashed by C2PA's design; the claim, assertions and signature are.
 */
export function manifestStoreRange(bytes: Buffer, format: string): { start: number; end: number } {
  if (format === 'image/webp') {
    for (let i = 12; i + 8 <= bytes.length; ) {
      const length = bytes.readUInt32LE(i + 4);
      if (bytes.toString('latin1', i, i + 4) === 'C2PA') return { start: i, end: i + 8 + length };
      i += 8 + length + (length & 1);
    }
  } else {
    const segments = jumbfSegments(bytes);
    if (segments.length) {
      const first = segments[0]!.byteOffset - bytes.byteOffset;
      const last = segments[segments.length - 1]!;
      return { start: first, end: last.byteOffset - bytes.byteOffset + last.length };
    }
  }
  throw new Error('no manifest store');
}
