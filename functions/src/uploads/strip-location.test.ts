import { brotliCompressSync, brotliDecompressSync, deflateSync, inflateSync } from 'node:zlib';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngChunk, stripLocation } from './strip-location';

// ---- The photos: tiny sharp images with a pattern (so equal pixels mean something) ----

const W = 24;
const H = 16;
const PATTERN = Buffer.alloc(W * H * 3).map((_, i) => (i * 37) % 251);
const base = () => sharp(PATTERN, { raw: { width: W, height: H, channels: 3 } });
const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' };

// ---- Metadata written byte by byte ----

type Entry = [tag: number, type: number, count: number, value: number | Buffer | `@${string}`];

/** A little-endian TIFF: the named IFDs one after the other (the first is IFD0), then the values over 4 bytes; `@NAME` is that IFD's offset. */
function tiff(ifds: Record<string, Entry[]>, options: { next?: Record<string, string>; count?: Record<string, number> } = {}): Buffer {
  const at: Record<string, number> = {};
  let size = 8;
  for (const [name, entries] of Object.entries(ifds)) {
    at[name] = size;
    size += 2 + entries.length * 12 + 4;
  }
  const head = Buffer.alloc(size);
  head.write('II*\0', 0, 'latin1');
  head.writeUInt32LE(8, 4);
  const values: Buffer[] = [];
  for (const [name, entries] of Object.entries(ifds)) {
    let p = at[name]!;
    head.writeUInt16LE(options.count?.[name] ?? entries.length, p);
    p += 2;
    for (const [tag, type, count, value] of entries) {
      head.writeUInt16LE(tag, p);
      head.writeUInt16LE(type, p + 2);
      head.writeUInt32LE(count, p + 4);
      if (typeof value === 'number') {
        if (type === 3) head.writeUInt16LE(value, p + 8);
        else head.writeUInt32LE(value, p + 8);
      } else if (typeof value === 'string') head.writeUInt32LE(at[value.slice(1)]!, p + 8);
      else if (value.length <= 4) value.copy(head, p + 8);
      else {
        head.writeUInt32LE(size + values.reduce((n, v) => n + v.length, 0), p + 8);
        values.push(value);
      }
      p += 12;
    }
    const next = options.next?.[name];
    head.writeUInt32LE(next ? at[next]! : 0, p);
  }
  return Buffer.concat([head, ...values]);
}

const rationals = (...pairs: [number, number][]) => {
  const b = Buffer.alloc(pairs.length * 8);
  pairs.forEach(([n, d], i) => (b.writeUInt32LE(n, i * 8), b.writeUInt32LE(d, i * 8 + 4)));
  return b;
};
const LATITUDE = rationals([59, 1], [20, 1], [1234, 100]);
const LATITUDE_BE = Buffer.from(LATITUDE).swap32();
const GPS_IFD: Entry[] = [
  [1, 2, 2, Buffer.from('N\0')],
  [2, 5, 3, LATITUDE],
  [3, 2, 2, Buffer.from('E\0')],
  [4, 5, 3, rationals([18, 1], [4, 1], [0, 1])],
];
const MAKE: Entry = [0x010f, 2, 9, Buffer.from('PhoneCam\0')];
const ORIENTATION: Entry = [0x0112, 3, 1, 6];
const EXIF_VERSION: Entry = [0x9000, 7, 4, Buffer.from('0232')];

/** EXIF (a TIFF) with Make, Orientation 6 and a GPS IFD, its pointer in IFD0, IFD1 (the thumbnail's) or the Exif IFD. */
function exifWithGps(from: 'IFD0' | 'IFD1' | 'Exif', gpsCount?: number): Buffer {
  const gps: Entry = [0x8825, 4, 1, '@GPS'];
  return tiff(
    {
      IFD0: [MAKE, ORIENTATION, [0x8769, 4, 1, '@Exif'], ...(from === 'IFD0' ? [gps] : [])],
      Exif: [EXIF_VERSION, ...(from === 'Exif' ? [gps] : [])],
      IFD1: [[0x0103, 3, 1, 6], ...(from === 'IFD1' ? [gps] : [])],
      GPS: GPS_IFD,
    },
    { next: { IFD0: 'IFD1' }, count: gpsCount ? { GPS: gpsCount } : {} },
  );
}
const EXIF_PLAIN = tiff({ IFD0: [MAKE, ORIENTATION] });
const EXIF_HEADER = Buffer.from('Exif\0\0', 'latin1');

const xmpPacket = (properties: string) =>
  `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
  `<rdf:Description rdf:about="" xmlns:exif="http://ns.adobe.com/exif/1.0/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpNote="http://ns.adobe.com/xmp/note/" ${properties}/>` +
  `</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
const XMP_GPS = xmpPacket('exif:GPSLatitude="59,20.2057N" exif:GPSLongitude="18,4.0000E"');
const XMP_PLAIN = xmpPacket('xmp:CreatorTool="PhoneCam"');
const XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');
const utf16le = (text: string) => Buffer.from(text, 'utf16le');
const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const utf32le = (text: string) => {
  const b = Buffer.alloc(text.length * 4);
  [...text].forEach((c, i) => b.writeUInt32LE(c.codePointAt(0)!, i * 4));
  return b;
};

const iptc = (dataset: number, value: Buffer | string) => {
  const v = Buffer.from(value);
  return Buffer.concat([Buffer.from([0x1c, 2, dataset, v.length >> 8, v.length & 0xff]), v]);
};
const IPTC_CITY = Buffer.concat([iptc(0, Buffer.from([0, 4])), iptc(90, 'Stockholm'), iptc(92, 'Kungsgatan 1')]);
const IPTC_CAPTION = Buffer.concat([iptc(0, Buffer.from([0, 4])), iptc(120, 'A red car')]);
const resource = (id: number, data: Buffer) => {
  const head = Buffer.alloc(12);
  head.write('8BIM', 0, 'latin1');
  head.writeUInt16BE(id, 4); // then an empty name (two zero bytes)
  head.writeUInt32BE(data.length, 8);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
};
const PHOTOSHOP = Buffer.from('Photoshop 3.0\0', 'latin1');

/** A C2PA manifest store (JUMBF) whose one assertion is stds.exif with the position, or that assertion brotli-compressed ("brob"). */
const box = (type: string, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const jumd = (label: string) => box('jumd', Buffer.from('6332706100110010800000aa00389b71', 'hex'), Buffer.from([3]), Buffer.from(`${label}\0`));
function c2paStore(compressed: boolean): Buffer {
  const json = Buffer.from(JSON.stringify({ '@context': { exif: 'http://ns.adobe.com/exif/1.0/' }, 'exif:GPSLatitude': '59,20.2057N', 'exif:GPSLongitude': '18,4.0000E' }));
  const content = compressed ? box('brob', Buffer.from('json'), brotliCompressSync(json)) : box('json', json);
  return box('jumb', jumd('c2pa'), box('jumb', jumd('urn:uuid:0d5c4a5b'), box('jumb', jumd('c2pa.assertions'), box('jumb', jumd('stds.exif'), content))));
}

// ---- Containers ----

const jpegSegment = (marker: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};
const jpegWith = (jpeg: Buffer, ...segments: Buffer[]) => Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
const app1Xmp = (packet: Buffer | string) => jpegSegment(0xe1, Buffer.concat([XMP_HEADER, Buffer.from(packet)]));

const latin1 = (text: string) => Buffer.from(text, 'latin1');
/** The chunks right after IHDR. */
const pngWith = (png: Buffer, ...chunks: Buffer[]) => Buffer.concat([png.subarray(0, 33), ...chunks, png.subarray(33)]);
const tEXt = (keyword: string, text: Buffer) => pngChunk('tEXt', Buffer.concat([latin1(`${keyword}\0`), text]));
const zTXt = (keyword: string, text: Buffer) => pngChunk('zTXt', Buffer.concat([latin1(`${keyword}\0\0`), deflateSync(text)]));
const iTXt = (keyword: string, text: Buffer, compressed: boolean) =>
  pngChunk('iTXt', Buffer.concat([latin1(`${keyword}\0${compressed ? '\x01' : '\0'}\0\0\0`), compressed ? deflateSync(text) : text]));
/** ImageMagick's "Raw profile type NAME": the bytes as hex lines of 72 characters. */
const rawProfile = (name: string, bytes: Buffer) => latin1(`\n${name}\n${String(bytes.length).padStart(8)}\n${bytes.toString('hex').replace(/.{1,72}/g, '$&\n')}`);

const webpChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.write(type, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
};
/** An extended WebP (VP8X, with the EXIF and XMP flags) holding sharp's lossy image and these chunks after it. */
async function webpWith(...chunks: Buffer[]): Promise<Buffer> {
  const simple = await base().webp().toBuffer();
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x08 | 0x04;
  vp8x.writeUIntLE(W - 1, 4, 3);
  vp8x.writeUIntLE(H - 1, 7, 3);
  const body = Buffer.concat([latin1('WEBP'), webpChunk('VP8X', vp8x), simple.subarray(12), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

// ---- Reading it back: every form the location could take in the stored bytes, decoded independently ----

const LOCATION_TEXT = /GPS ?Latitude|GPS ?Longitude|exif:GPS|59,20\.2057N|18,4\.0000E|Stockholm|Kungsgatan/i;

/** The bytes, and every zlib stream, brotli "brob" box and hex run inside them, decoded (and those inside those). */
function decodedForms(bytes: Buffer, depth = 0): Buffer[] {
  const forms = [bytes];
  if (depth > 2) return forms;
  for (let i = bytes.indexOf(0x78); i >= 0 && i + 1 < bytes.length; i = bytes.indexOf(0x78, i + 1)) {
    if ((0x7800 | bytes[i + 1]!) % 31) continue;
    try {
      forms.push(...decodedForms(inflateSync(bytes.subarray(i)), depth + 1));
    } catch {
      // not a zlib stream
    }
  }
  for (let i = bytes.indexOf('brob'); i >= 0; i = bytes.indexOf('brob', i + 1)) {
    try {
      forms.push(...decodedForms(brotliDecompressSync(bytes.subarray(i + 8, i - 4 + bytes.readUInt32BE(i - 4))), depth + 1));
    } catch {
      // not a brob box
    }
  }
  for (const [run] of bytes.toString('latin1').matchAll(/(?:[0-9a-f]{2}\s*){16,}/gi)) forms.push(...decodedForms(Buffer.from(run.replace(/\s+/g, ''), 'hex'), depth + 1));
  return forms;
}

/** The bytes read as text: Latin-1, UTF-16 LE/BE and UTF-32 LE/BE, at every alignment. */
function textForms(bytes: Buffer): string[] {
  const texts = [bytes.toString('latin1')];
  for (const k of [0, 1]) {
    const even = Buffer.from(bytes.subarray(k, bytes.length - ((bytes.length - k) % 2)));
    texts.push(even.toString('utf16le'), even.swap16().toString('utf16le'));
  }
  for (const k of [0, 1, 2, 3]) {
    for (const le of [true, false]) {
      let text = '';
      for (let i = k; i + 4 <= bytes.length; i += 4) {
        const c = le ? bytes.readUInt32LE(i) : bytes.readUInt32BE(i);
        text += c < 0x80 ? String.fromCharCode(c) : '\ufffd';
      }
      texts.push(text);
    }
  }
  return texts;
}

/** Where the location still shows in `bytes`: the position's text, a place name, or the EXIF latitude's rationals. */
function locationTraces(bytes: Buffer): string[] {
  const traces: string[] = [];
  for (const form of decodedForms(bytes)) {
    if (form.includes(LATITUDE) || form.includes(LATITUDE_BE)) traces.push('EXIF GPSLatitude rationals');
    for (const text of textForms(form)) {
      const match = LOCATION_TEXT.exec(text);
      if (match) traces.push(match[0]);
    }
  }
  return [...new Set(traces)];
}

/** What sharp (libvips) reads of the file: pixels, orientation, and its EXIF (read by exif-reader), XMP, IPTC and PNG text. */
async function decoded(bytes: Buffer, failOn: 'warning' | 'none' = 'warning') {
  const meta = await sharp(bytes, { failOn }).metadata();
  return {
    pixels: await sharp(bytes, { failOn }).raw().toBuffer(),
    orientation: meta.orientation,
    exif: meta.exif ? exifReader(meta.exif) : undefined,
    metadataText: [meta.xmp?.toString('latin1') ?? '', meta.iptc?.toString('latin1') ?? '', ...(meta.comments ?? []).map((c) => c.text)].join('\n'),
  };
}

/** The stored file holds no location in any form, and is the same image: the same pixels, the same orientation. */
async function expectStoredWithoutLocation(input: Buffer, stored: Buffer, failOn: 'warning' | 'none' = 'warning') {
  expect(locationTraces(input)).not.toEqual([]); // the fixture does carry a position
  expect(locationTraces(stored)).toEqual([]);
  const [before, after] = [await decoded(input, failOn), await decoded(stored, failOn)];
  expect(after.exif?.GPSInfo?.GPSLatitude).toBeUndefined();
  expect(after.metadataText).not.toMatch(LOCATION_TEXT);
  expect(after.orientation).toBe(before.orientation);
  expect(after.pixels.equals(before.pixels)).toBe(true);
}

describe('stripLocation', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`removes the GPS position of a ${format} and keeps the camera, the orientation and every pixel`, async () => {
      const photo = await base()[format]().withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1' }, IFD3: GPS }).withMetadata({ orientation: 6 }).toBuffer();
      const before = await decoded(photo);
      expect(before.exif?.GPSInfo?.GPSLatitude).toEqual([59, 20, 12.34]);
      const stripped = stripLocation(photo);
      const after = await decoded(stripped);
      expect(after.exif?.GPSInfo?.GPSLatitude).toBeUndefined();
      expect(after.exif?.GPSInfo?.GPSLongitude).toBeUndefined();
      expect(after.exif?.Image?.Make).toBe('PhoneCam');
      expect(after.orientation).toBe(6);
      // Not re-encoded: the same size and the same decoded pixels.
      expect(stripped.length).toBe(photo.length);
      expect(after.pixels.equals(before.pixels)).toBe(true);
      expect(locationTraces(stripped)).toEqual([]);
    });
  }

  it('drops an XMP packet that carries the position (JPEG APP1) and nothing else', async () => {
    const photo = await base().jpeg().toBuffer();
    const withXmp = jpegWith(photo, app1Xmp(XMP_GPS));
    const stripped = stripLocation(withXmp);
    expect(stripped.equals(photo)).toBe(true);
    await expectStoredWithoutLocation(withXmp, stripped);
  });

  describe('EXIF wherever its GPS IFD is', () => {
    const placements = {
      'GPS pointer in IFD1 (the thumbnail IFD)': exifWithGps('IFD1'),
      'GPS pointer in the Exif IFD': exifWithGps('Exif'),
      'GPS IFD whose entry count runs past the block': exifWithGps('IFD0', 0xff),
    };
    for (const [placement, exif] of Object.entries(placements)) {
      for (const format of ['jpeg', 'png', 'webp'] as const) {
        it(`${placement}, in ${format}: blanked in place, orientation and camera kept`, async () => {
          const photo =
            format === 'jpeg'
              ? jpegWith(await base().jpeg().toBuffer(), jpegSegment(0xe1, Buffer.concat([EXIF_HEADER, exif])))
              : format === 'png'
                ? pngWith(await base().png().toBuffer(), pngChunk('eXIf', exif))
                : await webpWith(webpChunk('EXIF', exif));
          const stripped = stripLocation(photo);
          expect(stripped.length).toBe(photo.length);
          await expectStoredWithoutLocation(photo, stripped);
          const after = await decoded(stripped);
          expect(after.orientation).toBe(6);
          expect(after.exif?.Image?.Make).toBe('PhoneCam');
        });
      }
    }

    it('EXIF more than once (a second APP1, and APP3): every one blanked', async () => {
      const exif = (tiffBytes: Buffer) => Buffer.concat([EXIF_HEADER, tiffBytes]);
      const photo = jpegWith(await base().jpeg().toBuffer(), jpegSegment(0xe1, exif(EXIF_PLAIN)), jpegSegment(0xe1, exif(exifWithGps('IFD0'))), jpegSegment(0xe3, exif(exifWithGps('Exif'))));
      const stripped = stripLocation(photo);
      expect(stripped.length).toBe(photo.length);
      await expectStoredWithoutLocation(photo, stripped);
      expect((await decoded(stripped)).orientation).toBe(6);
    });

    it('a GPS pointer past the end of its EXIF block (for a reader that follows it into the file): the pointer removed', async () => {
      const exif = tiff({ IFD0: [MAKE, ORIENTATION, [0x8825, 4, 1, 0x4000]] });
      const photo = jpegWith(await base().jpeg().toBuffer(), jpegSegment(0xe1, Buffer.concat([EXIF_HEADER, exif])));
      expect((await decoded(photo)).exif?.Image?.GPSTag).toBe(0x4000);
      const stripped = stripLocation(photo);
      const after = await decoded(stripped);
      expect(after.exif?.Image?.GPSTag).toBeUndefined();
      expect(after.exif?.Image?.Make).toBe('PhoneCam');
      expect(after.orientation).toBe(6);
      expect(after.pixels.equals((await decoded(photo)).pixels)).toBe(true);
    });

    it('EXIF behind stray bytes between JPEG segments (libjpeg skips them and reads it): blanked', async () => {
      const photo = jpegWith(await base().jpeg().toBuffer(), app1Xmp(XMP_PLAIN), Buffer.from([0, 0, 0]), jpegSegment(0xe1, Buffer.concat([EXIF_HEADER, exifWithGps('IFD0')])));
      expect((await decoded(photo, 'none')).exif?.GPSInfo?.GPSLatitude).toEqual([59, 20, 12.34]);
      const stripped = stripLocation(photo);
      expect(stripped.length).toBe(photo.length);
      await expectStoredWithoutLocation(photo, stripped, 'none');
      expect((await decoded(stripped, 'none')).orientation).toBe(6);
    });
  });

  describe('XMP in UTF-16 or UTF-32', () => {
    const cases = {
      'JPEG APP1, UTF-16BE with a BOM': async () => jpegWith(await base().jpeg().toBuffer(), app1Xmp(utf16be(`\uFEFF${XMP_GPS}`))),
      'JPEG APP1, UTF-32LE': async () => jpegWith(await base().jpeg().toBuffer(), app1Xmp(utf32le(XMP_GPS))),
      'PNG iTXt XML:com.adobe.xmp, UTF-16LE': async () => pngWith(await base().png().toBuffer(), iTXt('XML:com.adobe.xmp', utf16le(XMP_GPS), false)),
      'WebP "XMP " chunk, UTF-16LE': async () => webpWith(webpChunk('XMP ', utf16le(XMP_GPS))),
    };
    for (const [where, make] of Object.entries(cases)) {
      it(`${where}: dropped`, async () => {
        const photo = await make();
        await expectStoredWithoutLocation(photo, stripLocation(photo));
      });
    }
  });

  describe('JPEG', () => {
    it('Extended XMP (APP1 "http://ns.adobe.com/xmp/extension/"): every chunk of its GUID dropped, judged reassembled; the main packet without GPS kept', async () => {
      const guid = '5A8C3E1F0B7D49A2C6E4F1083B2D9C7E';
      const extended = Buffer.from(XMP_GPS);
      const split = extended.indexOf('GPSLatitude') + 5; // the property name cut between the two chunks
      const chunk = (offset: number, data: Buffer) => {
        const numbers = Buffer.alloc(8);
        numbers.writeUInt32BE(extended.length, 0);
        numbers.writeUInt32BE(offset, 4);
        return jpegSegment(0xe1, Buffer.concat([latin1('http://ns.adobe.com/xmp/extension/\0'), latin1(guid), numbers, data]));
      };
      const main = app1Xmp(xmpPacket(`xmpNote:HasExtendedXMP="${guid}"`));
      const photo = await base().jpeg().toBuffer();
      const withExtended = jpegWith(photo, main, chunk(0, extended.subarray(0, split)), chunk(split, extended.subarray(split)));
      const stripped = stripLocation(withExtended);
      expect(stripped.equals(jpegWith(photo, main))).toBe(true);
      await expectStoredWithoutLocation(withExtended, stripped);
    });

    const photoshop = {
      'EXIF (0x0422) with a GPS IFD': [resource(0x0422, exifWithGps('IFD0'))],
      'XMP (0x0424) with the position': [resource(0x0424, Buffer.from(XMP_GPS))],
      'IPTC (0x0404) naming the city and street': [resource(0x0404, IPTC_CITY)],
      'XMP (0x0424) split over two APP13 segments': [resource(0x0424, Buffer.from(XMP_GPS))].flatMap((r) => {
        const cut = r.indexOf('GPSLongitude') + 4;
        return [r.subarray(0, cut), r.subarray(cut)];
      }),
    };
    for (const [what, parts] of Object.entries(photoshop)) {
      it(`Photoshop APP13 holding ${what}: every APP13 "Photoshop 3.0" segment dropped`, async () => {
        const photo = await base().jpeg().toBuffer();
        const withPhotoshop = jpegWith(photo, ...parts.map((part) => jpegSegment(0xed, Buffer.concat([PHOTOSHOP, part]))));
        const stripped = stripLocation(withPhotoshop);
        expect(stripped.equals(photo)).toBe(true);
        await expectStoredWithoutLocation(withPhotoshop, stripped);
      });
    }

    it('a comment (COM) or an unknown APPn (APP4) naming the position: dropped', async () => {
      const photo = await base().jpeg().toBuffer();
      const withText = jpegWith(photo, jpegSegment(0xfe, latin1('GPS Latitude 59,20.2057N')), jpegSegment(0xe4, Buffer.concat([latin1('XMP\0'), Buffer.from(XMP_GPS)])));
      const stripped = stripLocation(withText);
      expect(stripped.equals(photo)).toBe(true);
      await expectStoredWithoutLocation(withText, stripped);
    });

    it('XMP between the scans of a progressive JPEG: dropped', async () => {
      const photo = await base().jpeg({ progressive: true }).toBuffer();
      const sos = Buffer.from([0xff, 0xda]);
      const second = photo.indexOf(sos, photo.indexOf(sos) + 2);
      const withXmp = Buffer.concat([photo.subarray(0, second), app1Xmp(XMP_GPS), photo.subarray(second)]);
      const stripped = stripLocation(withXmp);
      expect(stripped.equals(photo)).toBe(true);
      await expectStoredWithoutLocation(withXmp, stripped);
    });

    it('an MPF image appended after the EOI: its EXIF blanked, the main XMP zero-filled in place, so the MPF offsets still point at it', async () => {
      const main = await base().jpeg().toBuffer();
      const appended = jpegWith(await base().jpeg({ quality: 40 }).toBuffer(), jpegSegment(0xe1, Buffer.concat([EXIF_HEADER, exifWithGps('IFD0')])));
      const xmp = app1Xmp(XMP_GPS);
      const mpf = (mainSize: number, offset: number) => {
        const entries = Buffer.alloc(32);
        entries.writeUInt32LE(0x20030000, 0);
        entries.writeUInt32LE(mainSize, 4);
        entries.writeUInt32LE(appended.length, 20);
        entries.writeUInt32LE(offset, 24);
        const index = tiff({ MP: [[0xb000, 7, 4, latin1('0100')], [0xb001, 4, 1, 2], [0xb002, 7, 32, entries]] });
        return jpegSegment(0xe2, Buffer.concat([latin1('MPF\0'), index]));
      };
      const mpHeader = 2 + xmp.length + 8; // where the MP index's TIFF starts: offsets count from there
      const mainSize = jpegWith(main, xmp, mpf(0, 0)).length;
      const photo = Buffer.concat([jpegWith(main, xmp, mpf(mainSize, mainSize - mpHeader)), appended]);
      const stripped = stripLocation(photo);
      expect(stripped.length).toBe(photo.length);
      await expectStoredWithoutLocation(photo, stripped);
      const offset = stripped.readUInt32LE(mpHeader + 50 + 16 + 8); // the second MP entry's offset (the index's values start at 50)
      const second = stripped.subarray(mpHeader + offset, mpHeader + offset + appended.length);
      expect((await decoded(second)).pixels.equals((await decoded(appended)).pixels)).toBe(true);
      expect((await decoded(second)).exif?.Image?.Make).toBe('PhoneCam');
    });
  });

  describe('C2PA manifests (JUMBF) with a stds.exif assertion carrying the position', () => {
    for (const compressed of [false, true]) {
      const kind = compressed ? 'brotli-compressed (brob)' : 'plain';
      it(`JPEG APP11, ${kind}, split over two segments: both dropped`, async () => {
        const store = c2paStore(compressed);
        const cut = compressed ? store.indexOf('brob') - 8 : store.indexOf('GPSLatitude') + 3;
        const segment = (sequence: number, part: Buffer) => {
          const head = Buffer.alloc(8);
          head.write('JP', 0, 'latin1');
          head.writeUInt16BE(1, 2);
          head.writeUInt32BE(sequence, 4);
          return jpegSegment(0xeb, Buffer.concat([head, part]));
        };
        const photo = await base().jpeg().toBuffer();
        const withC2pa = jpegWith(photo, segment(1, store.subarray(0, cut)), segment(2, Buffer.concat([store.subarray(0, 8), store.subarray(cut)])));
        const stripped = stripLocation(withC2pa);
        expect(stripped.equals(photo)).toBe(true);
        await expectStoredWithoutLocation(withC2pa, stripped);
      });
      it(`PNG caBX and WebP C2PA chunks, ${kind}: dropped`, async () => {
        for (const photo of [pngWith(await base().png().toBuffer(), pngChunk('caBX', c2paStore(compressed))), await webpWith(webpChunk('C2PA', c2paStore(compressed)))]) {
          await expectStoredWithoutLocation(photo, stripLocation(photo));
        }
      });
    }
  });

  describe('PNG text chunks', () => {
    const xmpChunks = {
      'iTXt XML:com.adobe.xmp, zlib-compressed': iTXt('XML:com.adobe.xmp', Buffer.from(XMP_GPS), true),
      'tEXt XML:com.adobe.xmp': tEXt('XML:com.adobe.xmp', Buffer.from(XMP_GPS)),
      'zTXt XML:com.adobe.xmp': zTXt('XML:com.adobe.xmp', Buffer.from(XMP_GPS)),
      'tEXt Raw profile type xmp': tEXt('Raw profile type xmp', rawProfile('xmp', Buffer.from(XMP_GPS))),
      'zTXt Raw profile type xmp': zTXt('Raw profile type xmp', rawProfile('xmp', Buffer.from(XMP_GPS))),
      'zTXt Raw profile type iptc': zTXt('Raw profile type iptc', rawProfile('iptc', IPTC_CITY)),
      'zTXt Raw profile type 8bim': zTXt('Raw profile type 8bim', rawProfile('8bim', resource(0x0404, IPTC_CITY))),
      'tEXt Comment naming the position': tEXt('Comment', latin1('GPS Latitude 59,20.2057N')),
    };
    for (const [chunk, bytes] of Object.entries(xmpChunks)) {
      it(`${chunk}: dropped`, async () => {
        const png = await base().png().toBuffer();
        const photo = pngWith(png, bytes);
        const stripped = stripLocation(photo);
        expect(stripped.equals(png)).toBe(true);
        await expectStoredWithoutLocation(photo, stripped);
      });
    }

    for (const chunk of [tEXt, zTXt]) {
      it(`${chunk === tEXt ? 'tEXt' : 'zTXt'} Raw profile type exif (ImageMagick's hex EXIF): GPS blanked, the profile written back with its orientation and camera`, async () => {
        const photo = pngWith(await base().png().toBuffer(), chunk('Raw profile type exif', rawProfile('exif', Buffer.concat([EXIF_HEADER, exifWithGps('IFD0')]))));
        const stripped = stripLocation(photo);
        await expectStoredWithoutLocation(photo, stripped);
        const text = (await sharp(stripped).metadata()).comments?.find((c) => c.keyword === 'Raw profile type exif')?.text ?? '';
        const exif = exifReader(Buffer.from(text.split('\n').slice(3).join(''), 'hex'));
        expect(exif.Image?.Orientation).toBe(6);
        expect(exif.Image?.Make).toBe('PhoneCam');
        expect(exif.GPSInfo?.GPSLatitude).toBeUndefined();
      });
    }

    it('bytes after IEND: left out', async () => {
      const png = await base().png().toBuffer();
      const photo = Buffer.concat([png, Buffer.from(XMP_GPS)]);
      const stripped = stripLocation(photo);
      expect(stripped.equals(png)).toBe(true);
      await expectStoredWithoutLocation(photo, stripped);
    });
  });

  it('WebP: bytes after the RIFF left out, the RIFF size and VP8X XMP flag kept true', async () => {
    const plain = await webpWith(webpChunk('EXIF', EXIF_PLAIN));
    const photo = Buffer.concat([await webpWith(webpChunk('EXIF', EXIF_PLAIN), webpChunk('XMP ', Buffer.from(XMP_GPS))), Buffer.from(XMP_GPS)]);
    const stripped = stripLocation(photo);
    await expectStoredWithoutLocation(photo, stripped);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped[20]! & 0x04).toBe(0); // no XMP chunk any more
    expect(stripped.subarray(21).equals(plain.subarray(21))).toBe(true);
  });

  it('leaves a photo whose metadata holds no location byte for byte as it was', async () => {
    const exif = Buffer.concat([EXIF_HEADER, EXIF_PLAIN]);
    const photos = [
      await base().jpeg().withExif({ IFD0: { Make: 'PhoneCam' } }).toBuffer(),
      jpegWith(await base().jpeg().toBuffer(), jpegSegment(0xe1, exif), app1Xmp(XMP_PLAIN), jpegSegment(0xed, Buffer.concat([PHOTOSHOP, resource(0x0404, IPTC_CAPTION)])), jpegSegment(0xfe, latin1('A red car'))),
      pngWith(await base().png().toBuffer(), pngChunk('eXIf', EXIF_PLAIN), iTXt('XML:com.adobe.xmp', Buffer.from(XMP_PLAIN), true), zTXt('Raw profile type exif', rawProfile('exif', exif)), tEXt('Comment', latin1('A red car'))),
      await webpWith(webpChunk('EXIF', EXIF_PLAIN), webpChunk('XMP ', Buffer.from(XMP_PLAIN))),
    ];
    for (const photo of photos) expect(stripLocation(photo).equals(photo)).toBe(true);
  });
});
