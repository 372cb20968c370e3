/**
 * Removes the location from a photo's metadata without re-encoding a pixel: a lossless edit of the file's metadata
 * segments, so the stored original is still the dealer's exact image (its content credentials ingredient hash is
 * taken from the stored file, after this). Everything else (orientation, camera, colour profile) stays.
 *
 * "Location" is a GPS position (EXIF's GPS IFD, XMP's exif:GPS… and other latitude/longitude properties) or a place
 * below the country (IPTC City, Sub-location, Province-State; XMP photoshop:City/State,
 * Iptc4xmpCore:Location, Iptc4xmpExt:LocationCreated/LocationShown). Every metadata block is looked into, decoded:
 * TIFF/EXIF structures (GPS pointers in any IFD, XMP/IPTC/Photoshop blocks in TIFF tags), Photoshop image resources
 * (embedded EXIF 0x0422, XMP 0x0424, IPTC 0x0404), IPTC-IIM, zlib-compressed PNG text, ImageMagick's hex "Raw
 * profile type …" text, JUMBF (C2PA) brotli boxes, and text in UTF-8, UTF-16 or UTF-32 (NUL bytes are ignored, so
 * any of them reads as ASCII tag names).
 *
 * - EXIF (JPEG APPn "Exif" however many, PNG eXIf, WebP EXIF, PNG "Raw profile type exif/APP1"): every GPS IFD
 *   (pointed to from IFD0, IFD1, the Exif, Interop or Sub IFDs) has its entries and their values overwritten with
 *   zeros and its entry count set to 0, in place: no offset moves, orientation and camera stay. A TIFF tag holding
 *   XMP, IPTC or Photoshop resources with a location is blanked too. A raw profile is written back re-hexed.
 * - Blocks that are only metadata are dropped whole when they hold a location: JPEG XMP (APP1, and any other APPn or
 *   comment), Extended XMP (all chunks of its GUID, judged reassembled), Photoshop APP13 (all its segments, judged
 *   reassembled), JUMBF APP11 (all segments of its box); PNG tEXt/zTXt/iTXt (XMP, raw profiles, comments) and any
 *   other ancillary chunk that does not shape the pixels (caBX…); WebP "XMP " and any other non-image chunk.
 * - A JPEG with an MPF index (offsets to images appended after it) gets those blocks zero-filled in place instead,
 *   so the index stays valid; so do JPEGs inside it (EXIF/JFXX/Photoshop thumbnails, MPF/MPO images after the EOI).
 * - Bytes after a PNG's IEND or a WebP's RIFF are not the image: they are left out. Chunk CRCs, segment lengths, the
 *   RIFF size and VP8X's XMP flag stay valid.
 * JPEG segments are found as decoders find them: stray bytes between segments skipped, segments between the scans of a
 * progressive JPEG included. Anything it cannot parse it leaves as it is (the bytes are checked as a photo elsewhere).
 * Not recognised: a position inside a maker note, or written as bare numbers in free text.
 */
import { brotliDecompressSync, crc32, deflateSync, inflateSync } from 'node:zlib';

const MAX_INFLATED = 64 << 20;
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const GPS_IFD_POINTER = 0x8825;
/** IFDs besides IFD0's chain that may hold a GPS pointer: Exif, Interoperability, SubIFDs. */
const SUB_IFD_POINTERS = new Set([0x8769, 0xa005, 0x014a]);
/** TIFF tags whose value is a metadata block of its own: XMP (700), IPTC (33723), Photoshop resources (34377). */
const EMBEDDED_BLOCKS = new Set([0x02bc, 0x83bb, 0x8649]);
const LOCATION_TEXT =
  /GPS\w*(?:Latitude|Longitude|Longtitude|Altitude|Position|Coordinates)|exif:GPS|\b(?:latitude|longt?itude)\b|photoshop:(?:City|State)\b|Iptc4xmpCore:Location\b|Iptc4xmpExt:Location(?:Created|Shown)\b/i;
/** IPTC-IIM application record datasets naming a place below the country: City, Sub-location, Province-State. */
const IPTC_PLACES = new Set([90, 92, 95]);
const IRB_SIGNATURES = new Set(['8BIM', 'PHUT', 'AgHg', 'DCSR', 'MeSa']);

/** Where the TIFF structure of an EXIF block starts (after an "Exif\0\0" header or at once), or -1. */
function tiffStart(b: Buffer): number {
  if (b.toString('latin1', 0, 5) === 'Exif\0') return 6;
  const head = b.toString('latin1', 0, 4);
  return head === 'II*\0' || head === 'MM\0*' ? 0 : -1;
}

/** Blanks every GPS IFD (and location-bearing embedded block) of a TIFF structure in place; answers whether any was there. */
function blankGpsInTiff(tiff: Buffer, depth: number): boolean {
  const order = tiff.toString('latin1', 0, 2);
  if (tiff.length < 8 || (order !== 'II' && order !== 'MM')) return false;
  const le = order === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  if (u16(2) !== 42) return false;
  const entries = (ifd: number) => Math.max(0, Math.min(u16(ifd), Math.floor((tiff.length - ifd - 2) / 12)));
  /** An entry's value: where it is and how long (a value over 4 bytes lives at an offset). */
  const value = (e: number): [number, number] => {
    const size = (TYPE_SIZES[u16(e + 2)] ?? 1) * u32(e + 4);
    return size <= 4 ? [e + 8, size] : [u32(e + 8), size];
  };
  const clip = (at: number, size: number) => tiff.subarray(Math.min(at, tiff.length), Math.min(at + size, tiff.length));
  let found = false;
  const blankGpsIfd = (gps: number) => {
    if (gps < 8 || gps + 2 > tiff.length || u16(gps) === 0) return;
    const n = entries(gps);
    // A count larger than the block (which a lenient reader still reads up to its end): past the real entries lie
    // other bytes, so only entries with a GPS tag (0 to 0x1f) and a real type are blanked there.
    const trusted = n === u16(gps);
    for (let j = 0; j < n; j++) {
      const e = gps + 2 + j * 12;
      if (!trusted && (u16(e) > 0x1f || !TYPE_SIZES[u16(e + 2)])) continue;
      const [at, size] = value(e);
      if (size > 4) clip(at, size).fill(0); // the coordinates themselves, wherever they are
      tiff.fill(0, e, e + 12);
    }
    tiff.fill(0, gps, gps + 2);
    found = true;
  };
  const seen = new Set<number>();
  const walk = (start: number) => {
    for (let ifd = start; ifd >= 8 && ifd + 2 <= tiff.length && !seen.has(ifd) && seen.size < 64; ) {
      seen.add(ifd);
      const n = entries(ifd);
      for (let i = 0; i < n; i++) {
        const e = ifd + 2 + i * 12;
        const tag = u16(e);
        if (tag === GPS_IFD_POINTER && u32(e + 8) + 2 > tiff.length) {
          tiff.fill(0, e, e + 12); // pointing past the block (for a reader that would follow it into the file): the pointer goes
          found = true;
        } else if (tag === GPS_IFD_POINTER) blankGpsIfd(u32(e + 8));
        else if (SUB_IFD_POINTERS.has(tag)) {
          const [at, size] = value(e);
          for (let k = 0; k + 4 <= size && at + k + 4 <= tiff.length; k += 4) walk(u32(at + k));
        } else if (EMBEDDED_BLOCKS.has(tag)) {
          const block = clip(...value(e));
          if (block.length > 4 && hasLocation(block, depth + 1)) {
            block.fill(tag === 0x02bc ? 0x20 : 0); // XMP becomes whitespace
            found = true;
          }
        }
      }
      const next = ifd + 2 + n * 12;
      ifd = next + 4 <= tiff.length ? u32(next) : 0;
    }
  };
  walk(u32(4));
  return found;
}

function iptcHasPlace(b: Buffer): boolean {
  let p = 0;
  while (p + 5 <= b.length && b[p] === 0x1c) {
    let length = b.readUInt16BE(p + 3);
    let data = p + 5;
    if (length & 0x8000) {
      const n = length & 0x7fff; // extended dataset: the length's own length
      if (n < 1 || n > 4 || data + n > b.length) return false;
      length = b.readUIntBE(data, n);
      data += n;
    }
    if (b[p + 1] === 2 && IPTC_PLACES.has(b[p + 2]!) && length > 0) return true;
    p = data + length;
  }
  return false;
}

/** The image resource blocks of Photoshop resources ("Photoshop 3.0\0" optional), or undefined when it is none. */
function photoshopResources(b: Buffer): Buffer[] | undefined {
  let p = b.toString('latin1', 0, 14) === 'Photoshop 3.0\0' ? 14 : 0;
  if (!IRB_SIGNATURES.has(b.toString('latin1', p, p + 4))) return undefined;
  const blocks: Buffer[] = [];
  while (p + 12 <= b.length && IRB_SIGNATURES.has(b.toString('latin1', p, p + 4))) {
    const q = p + 6 + ((b[p + 6]! + 2) & ~1); // the Pascal-string name, padded to even
    if (q + 4 > b.length) break;
    const size = b.readUInt32BE(q);
    blocks.push(b.subarray(q + 4, Math.min(b.length, q + 4 + size)));
    p = q + 4 + size + (size & 1);
  }
  return blocks;
}

/** The contents of the brotli-compressed JUMBF boxes ("brob", as C2PA manifests use) in `b`. */
function* brotliBoxes(b: Buffer): Generator<Buffer> {
  for (let i = b.indexOf('brob', 4, 'latin1'); i >= 4; i = b.indexOf('brob', i + 4, 'latin1')) {
    const size = b.readUInt32BE(i - 4);
    try {
      yield brotliDecompressSync(b.subarray(i + 8, size >= 16 ? Math.min(b.length, i - 4 + size) : b.length), { maxOutputLength: MAX_INFLATED });
    } catch {
      // not a box after all
    }
  }
}

/** Whether a metadata block holds a location, in any of the forms it may take (see the file's comment). */
function hasLocation(b: Buffer, depth = 0): boolean {
  if (depth > 4 || !b.length) return false;
  const tiff = tiffStart(b);
  if (tiff >= 0 && blankGpsInTiff(Buffer.from(b.subarray(tiff)), depth)) return true;
  if (b[0] === 0x1c && iptcHasPlace(b)) return true;
  if (photoshopResources(b)?.some((r) => hasLocation(r, depth + 1))) return true;
  for (const inner of brotliBoxes(b)) if (hasLocation(inner, depth + 1)) return true;
  return LOCATION_TEXT.test(b.toString('latin1').replaceAll('\0', ''));
}

// ---- JPEG ----

interface Segment {
  marker: number;
  /** Its 0xFF; the payload is start + 4 .. end. */
  start: number;
  end: number;
}

const SOI = Buffer.from([0xff, 0xd8, 0xff]);
const EXTENDED_XMP = 'http://ns.adobe.com/xmp/extension/\0';
/** APPn kinds that shape the decoded image (or index it) and hold no location: kept as they are. */
const JPEG_KEEP: [number, string][] = [[0xe0, 'JFIF\0'], [0xe0, 'JFXX\0'], [0xe2, 'ICC_PROFILE\0'], [0xe2, 'MPF\0'], [0xee, 'Adobe']];

/** Where the entropy-coded data that starts at `pos` ends: the next marker. */
function skipScan(buf: Buffer, pos: number): number {
  for (;;) {
    const ff = buf.indexOf(0xff, pos);
    if (ff < 0 || ff + 1 >= buf.length) return buf.length;
    const next = buf[ff + 1]!;
    if (next === 0 || (next >= 0xd0 && next <= 0xd7)) pos = ff + 2;
    else return ff;
  }
}

/** The marker segments of the JPEG at the start of `buf` (those between scans too), and where it ends. */
function jpegSegments(buf: Buffer): { segments: Segment[]; end: number } {
  const segments: Segment[] = [];
  let pos = 2;
  while (pos + 2 <= buf.length) {
    if (buf[pos] !== 0xff) {
      pos = buf.indexOf(0xff, pos); // stray bytes before a marker: skipped, as decoders do
      if (pos < 0) return { segments, end: buf.length };
      continue;
    }
    const marker = buf[pos + 1]!;
    if (marker === 0xd9) return { segments, end: pos + 2 };
    if (marker === 0xff || marker === 0x00 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pos += marker === 0xff ? 1 : 2; // a fill byte, no marker (0xFF00), or a marker without a length
      continue;
    }
    if (pos + 4 > buf.length) break;
    const end = pos + 2 + buf.readUInt16BE(pos + 2);
    if (end < pos + 4 || end > buf.length) break;
    segments.push({ marker, start: pos, end });
    pos = marker === 0xda ? skipScan(buf, end) : end;
  }
  return { segments, end: pos };
}

/**
 * Takes the location out of the JPEG at the start of `buf` where that is an in-place edit (EXIF, JPEGs inside its
 * segments); answers the segments that still hold one (to drop or blank), whether it has an MPF index, and its end.
 */
function stripJpegInPlace(buf: Buffer, depth: number): { remove: Segment[]; mpf: boolean; end: number } {
  const { segments, end } = jpegSegments(buf);
  const remove: Segment[] = [];
  /** Blocks split over several segments, judged reassembled: Extended XMP by GUID, Photoshop resources, JUMBF boxes. */
  const groups = new Map<string, { segments: Segment[]; parts: [number, Buffer][] }>();
  const join = (key: string, s: Segment, order: number, part: Buffer) => {
    const group = groups.get(key) ?? { segments: [], parts: [] };
    group.segments.push(s);
    group.parts.push([order, part]);
    groups.set(key, group);
  };
  let mpf = false;
  for (const s of segments) {
    if ((s.marker < 0xe0 || s.marker > 0xef) && s.marker !== 0xfe) continue; // not APPn nor a comment
    const payload = buf.subarray(s.start + 4, s.end);
    if (depth < 3) stripEmbeddedJpegs(payload, depth + 1); // thumbnails (EXIF IFD1, JFXX, Photoshop)
    const head = payload.toString('latin1', 0, EXTENDED_XMP.length);
    if (head.startsWith('Exif\0')) blankGpsInTiff(payload.subarray(6), 0);
    else if (JPEG_KEEP.some(([marker, kind]) => s.marker === marker && head.startsWith(kind))) mpf ||= head.startsWith('MPF\0');
    else if (head === EXTENDED_XMP && payload.length >= 75) {
      join(`xmp ${payload.toString('latin1', 35, 67)}`, s, payload.readUInt32BE(71), payload.subarray(75));
    } else if (s.marker === 0xed && head.startsWith('Photoshop 3.0\0')) join('photoshop', s, s.start, payload.subarray(14));
    else if (s.marker === 0xeb && head.startsWith('JP') && payload.length >= 16) {
      // JPEG XT box segments: "JP", box instance, sequence number, then the box (its LBox/TBox repeated after the first)
      const sequence = payload.readUInt32BE(4);
      const header = sequence <= 1 ? 0 : payload.readUInt32BE(8) === 1 ? 16 : 8;
      join(`jumbf ${payload.readUInt16BE(2)}`, s, sequence, payload.subarray(8 + header));
    } else if (hasLocation(payload)) remove.push(s);
  }
  for (const [key, group] of groups) {
    const parts = group.parts.sort((a, b) => a[0] - b[0]).map(([, part]) => part);
    if (key === 'photoshop') parts.unshift(Buffer.from('Photoshop 3.0\0', 'latin1'));
    if (hasLocation(Buffer.concat(parts))) remove.push(...group.segments);
  }
  return { remove, mpf, end };
}

/** Zero-fills a segment's payload: its marker and length stay, so nothing after it moves. */
const blankSegment = (buf: Buffer, s: Segment) => buf.fill(0, s.start + 4, s.end);

/** Takes the location out of every JPEG inside `region`, in place (same length). */
function stripEmbeddedJpegs(region: Buffer, depth: number): void {
  for (let i = region.indexOf(SOI); i >= 0; ) {
    const jpeg = region.subarray(i);
    const { remove, end } = stripJpegInPlace(jpeg, depth);
    for (const s of remove) blankSegment(jpeg, s);
    i = region.indexOf(SOI, i + Math.max(3, end));
  }
}

function stripJpeg(input: Buffer): Buffer {
  const out = Buffer.from(input);
  const { remove, mpf, end } = stripJpegInPlace(out, 0);
  stripEmbeddedJpegs(out.subarray(end), 1); // images appended after this one (MPF, MPO)
  if (!remove.length) return out;
  if (mpf) {
    for (const s of remove) blankSegment(out, s);
    return out;
  }
  const parts: Buffer[] = [];
  let last = 0;
  for (const s of remove.sort((a, b) => a.start - b.start)) {
    parts.push(out.subarray(last, s.start));
    last = s.end;
  }
  parts.push(out.subarray(last));
  return Buffer.concat(parts);
}

// ---- PNG ----

/** Ancillary chunks that shape the decoded image or its animation: kept as they are. */
const PNG_KEEP = new Set(['tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'bKGD', 'pHYs', 'hIST', 'sPLT', 'tIME', 'cICP', 'mDCV', 'cLLI', 'acTL', 'fcTL', 'fdAT']);

/** A PNG chunk: length, type, data and its CRC (the tests build their inputs with it too). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)) >>> 0, 8 + data.length);
  return chunk;
}

/** ImageMagick's "Raw profile type NAME" text: "\nNAME\n   LENGTH\nHEX…". */
function rawProfile(text: Buffer): { name: string; bytes: Buffer } | undefined {
  const match = /^\s*(\S+)\n\s*\d+\n([\s0-9a-fA-F]*)$/.exec(text.toString('latin1'));
  return match ? { name: match[1]!, bytes: Buffer.from(match[2]!.replace(/\s+/g, ''), 'hex') } : undefined;
}

function rawProfileText(name: string, bytes: Buffer): Buffer {
  const hex = bytes.toString('hex').replace(/.{1,72}/g, '$&\n');
  return Buffer.from(`\n${name}\n${String(bytes.length).padStart(8)}\n${hex}`, 'latin1');
}

/** A tEXt, zTXt or iTXt chunk as it should be stored: the same, rewritten (an EXIF raw profile), or dropped. */
function stripPngText(type: string, data: Buffer, chunk: Buffer): Buffer | undefined {
  const keywordEnd = data.indexOf(0);
  let textAt = keywordEnd + 1;
  let compressed = type === 'zTXt';
  if (type === 'zTXt') textAt = keywordEnd + 2;
  else if (type === 'iTXt') {
    compressed = data[keywordEnd + 1] === 1; // then compression method, language tag\0, translated keyword\0
    const language = keywordEnd < 0 ? -1 : data.indexOf(0, keywordEnd + 3);
    textAt = language < 0 ? -1 : data.indexOf(0, language + 1) + 1;
  }
  if (keywordEnd < 0 || textAt <= 0 || textAt > data.length) return hasLocation(data) ? undefined : chunk;
  let text: Buffer;
  try {
    text = compressed ? inflateSync(data.subarray(textAt), { maxOutputLength: MAX_INFLATED }) : data.subarray(textAt);
  } catch {
    return hasLocation(data) ? undefined : chunk;
  }
  const profile = data.toString('latin1', 0, 17) === 'Raw profile type ' ? rawProfile(text) : undefined;
  if (profile && /^(exif|APP1)$/i.test(profile.name)) {
    const tiff = tiffStart(profile.bytes);
    if (tiff >= 0 && blankGpsInTiff(profile.bytes.subarray(tiff), 0)) {
      // EXIF kept (orientation, camera) without its GPS: the profile written back, re-hexed (and re-compressed)
      const rewritten = rawProfileText(profile.name, profile.bytes);
      return pngChunk(type, Buffer.concat([data.subarray(0, textAt), compressed ? deflateSync(rewritten) : rewritten]));
    }
  }
  return hasLocation(text) || (profile && hasLocation(profile.bytes)) ? undefined : chunk;
}

function stripPng(input: Buffer): Buffer {
  const parts: Buffer[] = [input.subarray(0, 8)];
  let changed = false;
  let pos = 8;
  while (pos + 12 <= input.length) {
    const length = input.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (end > input.length) break;
    const type = input.toString('latin1', pos + 4, pos + 8);
    const chunk = input.subarray(pos, end);
    const data = chunk.subarray(8, 8 + length);
    let kept: Buffer | undefined = chunk;
    if (/^[A-Z]/.test(type) || PNG_KEEP.has(type)) kept = chunk; // critical chunks, and those that shape the pixels
    else if (type.toLowerCase() === 'exif') {
      const exif = Buffer.from(data);
      const tiff = tiffStart(exif);
      if (tiff >= 0 && blankGpsInTiff(exif.subarray(tiff), 0)) kept = pngChunk(type, exif);
    } else if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') kept = stripPngText(type, data, chunk);
    else if (hasLocation(data)) kept = undefined;
    if (kept !== chunk) changed = true;
    if (kept) parts.push(kept);
    pos = end;
    if (type === 'IEND') break;
  }
  // Whatever follows IEND (or a cut chunk) is not the image.
  if (!changed && pos === input.length) return input;
  return Buffer.concat(parts);
}

// ---- WebP ----

const WEBP_IMAGE = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);

function stripWebp(input: Buffer): Buffer {
  const riffEnd = Math.min(input.length, 8 + input.readUInt32LE(4));
  const parts: Buffer[] = [];
  let changed = riffEnd < input.length; // bytes after the RIFF are not the image
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const type = input.toString('latin1', pos, pos + 4);
    const size = input.readUInt32LE(pos + 4);
    const end = Math.min(riffEnd, pos + 8 + size + (size % 2));
    const chunk = input.subarray(pos, end);
    const data = chunk.subarray(8, 8 + size);
    if (type === 'EXIF') {
      const exif = Buffer.from(chunk);
      const tiff = tiffStart(exif.subarray(8, 8 + data.length));
      const blanked = tiff >= 0 && blankGpsInTiff(exif.subarray(8 + tiff, 8 + data.length), 0);
      parts.push(blanked ? exif : chunk);
      changed ||= blanked;
    } else if (WEBP_IMAGE.has(type) || !hasLocation(data)) parts.push(chunk);
    else changed = true; // "XMP " or another metadata chunk with a location
    pos = end;
  }
  if (pos < riffEnd) changed = true; // a cut chunk header
  if (!changed) return input;
  const i = parts.findIndex((c) => c.toString('latin1', 0, 4) === 'VP8X');
  if (i >= 0 && !parts.some((c) => c.toString('latin1', 0, 4) === 'XMP ')) {
    // VP8X says an XMP chunk follows (flag 0x04): it no longer does.
    parts[i] = Buffer.from(parts[i]!);
    parts[i]![8] = parts[i]![8]! & ~0x04;
  }
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
