/**
 * A matrix/TRC ICC v2 display profile built from its primaries, for tests that need a photo in a colour space
 * sharp does not ship (Adobe RGB (1998)): generated at test time, so no profile file is committed.
 */

/** XYZ (PCS, D50) of the red, green and blue primaries, and the tone curve's gamma. */
export interface MatrixProfile {
  description: string;
  red: [number, number, number];
  green: [number, number, number];
  blue: [number, number, number];
  gamma: number;
}

/** Adobe RGB (1998), its primaries adapted to D50 (Bradford) as in Adobe's own profile; gamma 563/256. */
export const ADOBE_RGB_1998: MatrixProfile = {
  description: 'Adobe RGB (1998) compatible (test)',
  red: [0.60974, 0.31111, 0.01947],
  green: [0.20528, 0.62567, 0.06087],
  blue: [0.14919, 0.06322, 0.74457],
  gamma: 563 / 256,
};

const D50: [number, number, number] = [0.9642, 1.0, 0.8249];

const s15Fixed16 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(Math.round(v * 65536));
  return b;
};
const sig = (s: string) => Buffer.from(s, 'latin1');
const pad4 = (b: Buffer) => (b.length % 4 ? Buffer.concat([b, Buffer.alloc(4 - (b.length % 4))]) : b);

const xyzTag = (xyz: [number, number, number]) => Buffer.concat([sig('XYZ '), Buffer.alloc(4), ...xyz.map(s15Fixed16)]);

function curveTag(gamma: number): Buffer {
  const b = Buffer.alloc(14);
  sig('curv').copy(b, 0);
  b.writeUInt32BE(1, 8);
  b.writeUInt16BE(Math.round(gamma * 256), 12);
  return b;
}

function textDescriptionTag(text: string): Buffer {
  const ascii = Buffer.from(`${text}\0`, 'latin1');
  const head = Buffer.alloc(12);
  sig('desc').copy(head, 0);
  head.writeUInt32BE(ascii.length, 8);
  // Unicode (language, count) and ScriptCode (code, count, 67 bytes) parts, empty.
  return Buffer.concat([head, ascii, Buffer.alloc(8), Buffer.alloc(2 + 1 + 67)]);
}

const textTag = (text: string) => Buffer.concat([sig('text'), Buffer.alloc(4), Buffer.from(`${text}\0`, 'latin1')]);

export function iccProfile(p: MatrixProfile): Buffer {
  const curve = curveTag(p.gamma);
  const tags: Array<[string, Buffer]> = [
    ['desc', textDescriptionTag(p.description)],
    ['cprt', textTag('No copyright, use freely')],
    ['wtpt', xyzTag(D50)],
    ['rXYZ', xyzTag(p.red)],
    ['gXYZ', xyzTag(p.green)],
    ['bXYZ', xyzTag(p.blue)],
    ['rTRC', curve],
    ['gTRC', curve],
    ['bTRC', curve],
  ];
  const tableSize = 4 + 12 * tags.length;
  let offset = 128 + tableSize;
  const table = Buffer.alloc(tableSize);
  table.writeUInt32BE(tags.length, 0);
  const bodies: Buffer[] = [];
  tags.forEach(([name, body], i) => {
    const padded = pad4(body);
    sig(name).copy(table, 4 + 12 * i);
    table.writeUInt32BE(offset, 8 + 12 * i);
    table.writeUInt32BE(body.length, 12 + 12 * i);
    bodies.push(padded);
    offset += padded.length;
  });
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.writeUInt32BE(0x02100000, 8); // version 2.1
  sig('mntr').copy(header, 12);
  sig('RGB ').copy(header, 16);
  sig('XYZ ').copy(header, 20);
  [2026, 1, 1, 0, 0, 0].forEach((v, i) => header.writeUInt16BE(v, 24 + 2 * i));
  sig('acsp').copy(header, 36);
  D50.map(s15Fixed16).forEach((b, i) => b.copy(header, 68 + 4 * i));
  return Buffer.concat([header, table, ...bodies]);
}

/** A JPEG with its ICC profile (APP2 "ICC_PROFILE" segments) cut out: the same pixel values, no colour space said. */
export function withoutIccProfile(jpeg: Buffer): Buffer {
  const parts: Buffer[] = [jpeg.subarray(0, 2)];
  let i = 2;
  while (i + 4 <= jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1]!;
    if (marker === 0xda) break; // start of scan: the rest is image data
    const end = i + 2 + jpeg.readUInt16BE(i + 2);
    const icc = marker === 0xe2 && jpeg.toString('latin1', i + 4, i + 15) === 'ICC_PROFILE';
    if (!icc) parts.push(jpeg.subarray(i, end));
    i = end;
  }
  parts.push(jpeg.subarray(i));
  return Buffer.concat(parts);
}
