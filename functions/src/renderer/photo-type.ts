/**
 * What a file is, by its first bytes (never its name or declared type): the three photo formats the product takes,
 * and the formats a dealer is likely to send instead (iPhone HEIC, AVIF), so a refusal can name them.
 * No image library here: the content credentials read the format of a photo they never decode.
 */
export type PhotoType = 'jpeg' | 'png' | 'webp';
/** Formats recognised only to be refused with their own words. */
export type RefusedPhotoType = 'heic' | 'avif';

export const PHOTO_MIME_TYPES: Record<PhotoType, 'image/jpeg' | 'image/png' | 'image/webp'> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function sniffPhotoType(bytes: Buffer): PhotoType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return undefined;
}

/** The MIME type of a photo's bytes; throws for bytes that are none of the accepted formats (checked long before). */
export function photoMimeType(bytes: Buffer): (typeof PHOTO_MIME_TYPES)[PhotoType] {
  const type = sniffPhotoType(bytes);
  if (!type) throw new Error('The photo is not a JPEG, PNG or WebP file');
  return PHOTO_MIME_TYPES[type];
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * HEIC/HEIF and AVIF are ISO-BMFF files: a `ftyp` box first, whose major and compatible brands say which. AVIF
 * files also list `mif1`, so the AVIF brands are looked for first.
 */
export function sniffRefusedPhotoType(bytes: Buffer): RefusedPhotoType | undefined {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return undefined;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length, 256);
  const brands: string[] = [bytes.toString('latin1', 8, 12)];
  for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(bytes.toString('latin1', i, i + 4));
  if (brands.some((b) => AVIF_BRANDS.has(b))) return 'avif';
  if (brands.some((b) => HEIF_BRANDS.has(b))) return 'heic';
  return undefined;
}
