/**
 * Removes the location (GPS) from a photo's metadata without re-encoding a pixel: a lossless edit of the file's
 * metadata segments, so the stored original is still the dealer's exact image (its content credentials ingredient
 * hash is taken from the stored file, after this). Everything else (orientation, camera, colour profile) stays.
 *
 * - EXIF (JPEG APP1 "Exif", PNG eXIf, WebP EXIF): the GPS IFD's entries and their values are overwritten with
 *   zeros and its entry count set to 0, in place: no offset in the file moves.
 * - XMP (JPEG APP1, PNG iTXt "XML:com.adobe.xmp", WebP "XMP "): a packet that mentions GPS is dropped.
 * Anything it cannot parse it leaves as it is (the bytes are checked as a photo elsewhere).
 */
import { crc32 } from 'node:zlib';

const GPS_IFD_POINTER = 0x8825;
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8 };
const XMP_HAS_GPS = /exif:GPS|GPSLatitude|GPSLongitude/i;

/** Blanks the GPS IFD of a TIFF structure (EXIF payload) in place; answers whether there was one. */
function blankGpsInTiff(tiff: Buffer): boolean {
  if (tiff.length < 8) return false;
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return false;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const inside = (o: number, n: number) => o >= 0 && o + n <= tiff.length;
  if (u16(2) !== 42) return false;
  const ifd0 = u32(4);
  if (!inside(ifd0, 2)) return false;
  const count0 = u16(ifd0);
  for (let i = 0; i < count0; i++) {
    const entry = ifd0 + 2 + i * 12;
    if (!inside(entry, 12) || u16(entry) !== GPS_IFD_POINTER) continue;
    const gps = u32(entry + 8);
    if (!inside(gps, 2)) return false;
    const gpsCount = u16(gps);
    if (!inside(gps + 2, gpsCount * 12)) return false;
    for (let j = 0; j < gpsCount; j++) {
      const e = gps + 2 + j * 12;
      const size = (TYPE_SIZES[u16(e + 2)] ?? 0) * u32(e + 4);
      // Values over 4 bytes live elsewhere (the coordinates themselves): blank them too.
      if (size > 4 && inside(u32(e + 8), size)) tiff.fill(0, u32(e + 8), u32(e + 8) + size);
      tiff.fill(0, e, e + 12);
    }
    if (le) tiff.writeUInt16LE(0, gps);
    else tiff.writeUInt16BE(0, gps);
    return true;
  }
  return false;
}

const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

function stripJpeg(input: Buffer): Buffer {
  const out = Buffer.from(input);
  const keep: [number, number][] = [];
  let pos = 2;
  let last = 0;
  while (pos + 4 <= out.length && out[pos] === 0xff) {
    const marker = out[pos + 1]!;
    if (marker === 0xda || marker === 0xd9) break; // image data from here on: nothing more to edit
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const length = out.readUInt16BE(pos + 2);
    const start = pos + 4;
    const end = pos + 2 + length;
    if (length < 2 || end > out.length) break;
    if (marker === 0xe1) {
      const payload = out.subarray(start, end);
      if (payload.subarray(0, 6).equals(EXIF_HEADER)) blankGpsInTiff(payload.subarray(6));
      else if (payload.toString('latin1', 0, 28) === 'http://ns.adobe.com/xap/1.0/' && XMP_HAS_GPS.test(payload.toString('utf8'))) {
        keep.push([last, pos]);
        last = end;
      }
    }
    pos = end;
  }
  if (!keep.length) return out;
  keep.push([last, out.length]);
  return Buffer.concat(keep.map(([a, b]) => out.subarray(a, b)));
}

function stripPng(input: Buffer): Buffer {
  const parts: Buffer[] = [input.subarray(0, 8)];
  let pos = 8;
  while (pos + 12 <= input.length) {
    const length = input.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (end > input.length) {
      parts.push(input.subarray(pos));
      return Buffer.concat(parts);
    }
    const type = input.toString('latin1', pos + 4, pos + 8);
    const data = input.subarray(pos + 8, pos + 8 + length);
    if (type === 'eXIf') {
      const chunk = Buffer.from(input.subarray(pos, end));
      if (blankGpsInTiff(chunk.subarray(8, 8 + length))) chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + length)) >>> 0, 8 + length);
      parts.push(chunk);
    } else if (type === 'iTXt' && data.toString('latin1', 0, 17) === 'XML:com.adobe.xmp' && XMP_HAS_GPS.test(data.toString('utf8'))) {
      // dropped
    } else {
      parts.push(input.subarray(pos, end));
    }
    pos = end;
    if (type === 'IEND') break;
  }
  if (pos < input.length) parts.push(input.subarray(pos));
  return Buffer.concat(parts);
}

function stripWebp(input: Buffer): Buffer {
  const parts: Buffer[] = [];
  let dropped = false;
  let pos = 12;
  while (pos + 8 <= input.length) {
    const type = input.toString('latin1', pos, pos + 4);
    const size = input.readUInt32LE(pos + 4);
    const end = Math.min(input.length, pos + 8 + size + (size % 2));
    const chunk = Buffer.from(input.subarray(pos, end));
    if (type === 'EXIF') {
      const payload = chunk.subarray(8, 8 + size);
      blankGpsInTiff(payload.subarray(0, 6).equals(EXIF_HEADER) ? payload.subarray(6) : payload);
      parts.push(chunk);
    } else if (type === 'XMP ' && XMP_HAS_GPS.test(chunk.subarray(8, 8 + size).toString('utf8'))) {
      dropped = true;
    } else {
      parts.push(chunk);
    }
    pos = end;
  }
  if (!dropped) return Buffer.concat([input.subarray(0, 12), ...parts]);
  // VP8X says an XMP chunk follows (flag 0x04): it no longer does.
  const vp8x = parts.find((c) => c.toString('latin1', 0, 4) === 'VP8X');
  if (vp8x) vp8x[8] = vp8x[8]! & ~0x04;
  const body = Buffer.concat(parts);
  const header = Buffer.from(input.subarray(0, 12));
  header.writeUInt32LE(body.length + 4, 4);
  return Buffer.concat([header, body]);
}

/** The photo without location metadata (JPEG, PNG, WebP); any other bytes come back unchanged. */
export function stripLocation(bytes: Buffer): Buffer {
  try {
    if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return stripJpeg(bytes);
    if (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47) return stripPng(bytes);
    if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return stripWebp(bytes);
  } catch {
    // A malformed metadata segment: the photo checks decide about such a file.
  }
  return bytes;
}
