/**
 * The photos a dealer can send, generated at test time from one committed car photo (no new binary files): every
 * accepted format and its variants, the size limits, odd frames, and the formats we refuse with their own words.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { MAX_FILE_BYTES, MAX_IMAGE_PIXELS, MIN_IMAGE_SIDE_PX } from '@shared/limits';
import { PHOTO_REFUSALS } from '@shared/messages';
import { car } from '../renderer/bad-photos';
import { ADOBE_RGB_1998, iccProfile, withoutIccProfile } from './icc-profile';

/** Public domain (IFCAR): a blue car, so colour-space mistakes show on its paint. */
export const MATRIX_SOURCE = 'bmw-x3-blue-front34-parked-4540px.jpg';
const WORKING_WIDTH = 1600;

export interface MatrixCase {
  name: string;
  /** The file name a dealer's browser would send (its extension matches the format). */
  fileName: string;
  bytes: Buffer;
  /** What the photo shows once read correctly: compared with the upright sRGB source. */
  colour?: 'exact' | 'icc' | 'cmyk';
  /** The EXIF orientation it carries (1 to 8), when set. */
  orientation?: number;
  /** The compositor's car check asks for a better photo (the car enlarged more than twice): not delivered. */
  retake?: true;
}

export interface RefusedCase {
  name: string;
  fileName: string;
  bytes: Buffer;
  /** The refusal the dealer reads. */
  message: string;
}

/** What a viewer must do to the stored pixels for each EXIF orientation, undone: the stored pixels of an upright photo. */
const STORED_FOR_ORIENTATION: Record<number, (s: Sharp) => Sharp> = {
  1: (s) => s,
  2: (s) => s.flop(),
  3: (s) => s.rotate(180),
  4: (s) => s.flip(),
  5: (s) => s.flip().rotate(90), // transpose (sharp always flips before it rotates)
  6: (s) => s.rotate(270),
  7: (s) => s.flop().rotate(90), // transverse
  8: (s) => s.rotate(90),
};

/** A JPEG padded with comment segments to exactly `size` bytes (the pixels unchanged). */
function padJpegTo(jpeg: Buffer, size: number): Buffer {
  const missing = size - jpeg.length;
  if (missing < 0) throw new Error(`the JPEG is already ${jpeg.length} bytes, over ${size}`);
  const segments: Buffer[] = [];
  let left = missing;
  while (left > 0) {
    // A COM segment: FF FE, a 2-byte length that counts itself, then the comment; at least 4 bytes each.
    const total = Math.min(left, 65_537);
    const usable = left - total > 0 && left - total < 4 ? total - 4 : total;
    const segment = Buffer.alloc(usable, 0x20);
    segment[0] = 0xff;
    segment[1] = 0xfe;
    segment.writeUInt16BE(usable - 2, 2);
    segments.push(segment);
    left -= usable;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

/** The largest photo the product takes: 50 megapixels, re-encoded until it fits, then padded to exactly the limit. */
async function largestAccepted(source: Buffer): Promise<Buffer> {
  const width = 9000;
  const height = Math.floor(MAX_IMAGE_PIXELS / width); // 5555: 49,995,000 pixels
  const upscaled = await sharp(source).resize(width, height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  for (const quality of [80, 70, 60, 50, 40]) {
    const jpeg = await sharp(upscaled.data, { raw: upscaled.info }).jpeg({ quality, mozjpeg: false }).toBuffer();
    if (jpeg.length <= MAX_FILE_BYTES) return padJpegTo(jpeg, MAX_FILE_BYTES);
  }
  throw new Error('could not fit a 50 MP photo into 10 MB');
}

/** A HEIC file as an iPhone writes it, as far as its first bytes tell (the ftyp box): never decoded, only recognised. */
function heicLike(avif: Buffer): Buffer {
  const copy = Buffer.from(avif);
  const boxSize = copy.readUInt32BE(0);
  copy.write('heic', 8, 'latin1');
  for (let i = 16; i + 4 <= boxSize; i += 4) if (/^avi[fs]$/.test(copy.toString('latin1', i, i + 4))) copy.write('heic', i, 'latin1');
  return copy;
}

let profileDir: string | undefined;
function adobeRgbProfilePath(): string {
  profileDir ??= mkdtempSync(join(tmpdir(), 'icc-'));
  const path = join(profileDir, 'adobe-rgb-1998.icc');
  writeFileSync(path, iccProfile(ADOBE_RGB_1998));
  return path;
}

export interface PhotoMatrix {
  /** The upright sRGB photo every case is made from (WORKING_WIDTH wide). */
  source: Buffer;
  accepted: MatrixCase[];
  refused: RefusedCase[];
}

/**
 * Built once per run and machine, then read from a git-ignored cache (node_modules/.cache/photo-matrix): two test
 * files use it, and building it (the 50-megapixel case above all) took 20-40 s of CPU each time. The cache is keyed
 * by what makes the bytes: this file and its ICC helper, the committed source photo and sharp's library versions.
 */
export async function photoMatrix(): Promise<PhotoMatrix> {
  const key = createHash('sha256')
    .update(readFileSync(import.meta.filename))
    .update(readFileSync(resolve(import.meta.dirname, 'icc-profile.ts')))
    .update(car(MATRIX_SOURCE))
    .update(JSON.stringify(sharp.versions))
    .digest('hex')
    .slice(0, 24);
  const dir = resolve(import.meta.dirname, '../../node_modules/.cache/photo-matrix', key);
  const cached = readCachedMatrix(dir);
  if (cached) return cached;
  const built = await buildPhotoMatrix();
  writeCachedMatrix(dir, built);
  return built;
}

interface CachedIndex {
  accepted: Omit<MatrixCase, 'bytes'>[];
  refused: Omit<RefusedCase, 'bytes'>[];
}

function readCachedMatrix(dir: string): PhotoMatrix | undefined {
  const index = join(dir, 'index.json');
  if (!existsSync(index)) return undefined;
  const { accepted, refused } = JSON.parse(readFileSync(index, 'utf8')) as CachedIndex;
  return {
    source: readFileSync(join(dir, 'source')),
    accepted: accepted.map((c, i) => ({ ...c, bytes: readFileSync(join(dir, `accepted-${i}`)) })),
    refused: refused.map((c, i) => ({ ...c, bytes: readFileSync(join(dir, `refused-${i}`)) })),
  };
}

/** Written to a folder of its own, then renamed into place: a file that builds it at the same time loses the race harmlessly. */
function writeCachedMatrix(dir: string, matrix: PhotoMatrix) {
  const temp = `${dir}.${process.pid}.tmp`;
  mkdirSync(temp, { recursive: true });
  writeFileSync(join(temp, 'source'), matrix.source);
  matrix.accepted.forEach((c, i) => writeFileSync(join(temp, `accepted-${i}`), c.bytes));
  matrix.refused.forEach((c, i) => writeFileSync(join(temp, `refused-${i}`), c.bytes));
  const index: CachedIndex = { accepted: matrix.accepted.map(({ bytes: _b, ...c }) => c), refused: matrix.refused.map(({ bytes: _b, ...c }) => c) };
  writeFileSync(join(temp, 'index.json'), JSON.stringify(index));
  try {
    renameSync(temp, dir);
  } catch {
    rmSync(temp, { recursive: true, force: true }); // another process put its copy (the same bytes) there first
  }
}

async function buildPhotoMatrix(): Promise<PhotoMatrix> {
  const source = await sharp(car(MATRIX_SOURCE)).resize(WORKING_WIDTH).jpeg({ quality: 95 }).toBuffer();
  const s = () => sharp(source);
  const { width, height } = await s().metadata();
  const accepted: MatrixCase[] = [
    { name: 'JPEG baseline', fileName: 'baseline.jpg', bytes: source, colour: 'exact' },
    { name: 'JPEG progressive', fileName: 'progressive.jpg', bytes: await s().jpeg({ quality: 90, progressive: true }).toBuffer(), colour: 'exact' },
    { name: 'JPEG grayscale', fileName: 'grayscale.jpg', bytes: await s().toColourspace('b-w').jpeg({ quality: 90 }).toBuffer() },
    { name: 'JPEG CMYK with an ICC profile', fileName: 'cmyk-icc.jpg', bytes: await s().withIccProfile('cmyk').jpeg({ quality: 95 }).toBuffer(), colour: 'cmyk' },
    { name: 'JPEG CMYK without a profile', fileName: 'cmyk.jpg', bytes: withoutIccProfile(await s().withIccProfile('cmyk').jpeg({ quality: 95 }).toBuffer()), colour: 'cmyk' },
    { name: 'JPEG Display P3', fileName: 'display-p3.jpg', bytes: await s().withIccProfile('p3').jpeg({ quality: 95 }).toBuffer(), colour: 'icc' },
    { name: 'JPEG Adobe RGB (1998)', fileName: 'adobe-rgb.jpg', bytes: await s().withIccProfile(adobeRgbProfilePath()).jpeg({ quality: 95 }).toBuffer(), colour: 'icc' },
    { name: 'PNG 8-bit', fileName: 'photo-8bit.png', bytes: await s().png().toBuffer(), colour: 'exact' },
    { name: 'PNG 16-bit', fileName: 'photo-16bit.png', bytes: await s().toColourspace('rgb16').png().toBuffer(), colour: 'exact' },
    { name: 'PNG palette', fileName: 'palette.png', bytes: await s().png({ palette: true, colours: 256, dither: 0.5 }).toBuffer() },
    { name: 'PNG grayscale', fileName: 'grayscale.png', bytes: await s().toColourspace('b-w').png().toBuffer() },
    { name: 'PNG with alpha (transparent border)', fileName: 'alpha.png', bytes: await transparentBorder(source, 'png') },
    { name: 'WebP lossy', fileName: 'lossy.webp', bytes: await s().webp({ quality: 85 }).toBuffer() },
    { name: 'WebP lossless', fileName: 'lossless.webp', bytes: await s().webp({ lossless: true }).toBuffer(), colour: 'exact' },
    { name: 'WebP with alpha (transparent border)', fileName: 'alpha.webp', bytes: await transparentBorder(source, 'webp') },
    { name: 'largest accepted: 10 MB, 50 megapixels', fileName: 'largest-50mp.jpg', bytes: await largestAccepted(source) },
    {
      name: `smallest accepted: ${MIN_IMAGE_SIDE_PX} px high`,
      fileName: 'smallest.jpg',
      bytes: await s().resize({ height: MIN_IMAGE_SIDE_PX }).jpeg({ quality: 90 }).toBuffer(),
      retake: true,
    },
    {
      name: 'portrait frame (car in a tall photo)',
      fileName: 'portrait.jpg',
      bytes: await s().extend({ top: Math.round(height! * 0.9), bottom: Math.round(height! * 0.9), extendWith: 'copy' }).jpeg({ quality: 90 }).toBuffer(),
    },
    {
      name: 'panorama-wide frame',
      fileName: 'panorama.jpg',
      bytes: await s().extend({ left: Math.round(width! * 0.75), right: Math.round(width! * 0.75), extendWith: 'copy' }).jpeg({ quality: 90 }).toBuffer(),
    },
  ];
  for (let orientation = 1; orientation <= 8; orientation++) {
    const stored = await STORED_FOR_ORIENTATION[orientation]!(s()).toBuffer();
    accepted.push({
      name: `JPEG EXIF orientation ${orientation}`,
      fileName: `orientation-${orientation}.jpg`,
      bytes: await sharp(stored).jpeg({ quality: 95 }).withMetadata({ orientation }).toBuffer(),
      colour: 'exact',
      orientation,
    });
  }

  const avif = await s().resize(800).avif({ quality: 50 }).toBuffer();
  const refused: RefusedCase[] = [
    { name: 'HEIC (iPhone)', fileName: 'IMG_0001.HEIC', bytes: heicLike(avif), message: PHOTO_REFUSALS.heic },
    { name: 'AVIF', fileName: 'photo.avif', bytes: avif, message: PHOTO_REFUSALS.avif },
    { name: 'GIF', fileName: 'photo.gif', bytes: await s().resize(400).gif().toBuffer(), message: PHOTO_REFUSALS.unsupportedType },
    { name: 'TIFF', fileName: 'photo.tiff', bytes: await s().resize(400).tiff().toBuffer(), message: PHOTO_REFUSALS.unsupportedType },
    {
      name: 'SVG',
      fileName: 'car.svg',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#36c"/></svg>'),
      message: PHOTO_REFUSALS.unsupportedType,
    },
  ];
  return { source, accepted, refused };
}

/** The photo with a transparent border of a fifth of its size all round: what a pre-cut photo looks like. */
async function transparentBorder(source: Buffer, format: 'png' | 'webp'): Promise<Buffer> {
  const { width, height } = await sharp(source).metadata();
  const [bx, by] = [Math.round(width! / 5), Math.round(height! / 5)];
  const image = sharp(source).ensureAlpha().extend({ left: bx, right: bx, top: by, bottom: by, background: { r: 255, g: 0, b: 255, alpha: 0 } });
  return format === 'png' ? image.png().toBuffer() : image.webp({ quality: 90, alphaQuality: 100 }).toBuffer();
}
