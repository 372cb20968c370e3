/**
 * Radiance .hdr (RGBE) decoding to linear float RGB. sharp's libvips build here cannot read .hdr, and the npm
 * packages that do are either unmaintained (parse-hdr, hdr.js) or part of a 3D engine (three's RGBELoader), so the
 * format's ~60 lines are written out here: a text header, then scanlines either flat or in the "new" run-length
 * encoding (each of the 4 channels run-length coded separately).
 */
export interface HdrImage {
  width: number;
  height: number;
  /** Linear RGB, 3 floats a pixel, rows top to bottom. */
  rgb: Float32Array;
}

export class HdrFormatError extends Error {
  override readonly name = 'HdrFormatError';
}

export function decodeRgbe(bytes: Uint8Array): HdrImage {
  // Header: lines up to an empty line, then the resolution line ("-Y <h> +X <w>": rows top to bottom).
  let pos = 0;
  const line = (): string => {
    const start = pos;
    while (pos < bytes.length && bytes[pos] !== 0x0a) pos++;
    if (pos >= bytes.length) throw new HdrFormatError('The .hdr header is not terminated.');
    return Buffer.from(bytes.subarray(start, pos++)).toString('latin1');
  };
  const magic = line();
  if (!magic.startsWith('#?')) throw new HdrFormatError('Not a Radiance .hdr file (no #? signature).');
  let format = '';
  for (let l = line(); l !== ''; l = line()) if (l.startsWith('FORMAT=')) format = l.slice(7).trim();
  if (format && format !== '32-bit_rle_rgbe') throw new HdrFormatError(`Unsupported .hdr format ${format} (only 32-bit_rle_rgbe).`);
  const size = /^-Y (\d+) \+X (\d+)$/.exec(line().trim());
  if (!size) throw new HdrFormatError('Only top-to-bottom, left-to-right .hdr files are read (-Y h +X w).');
  const height = Number(size[1]), width = Number(size[2]);
  if (!(width > 0 && height > 0 && width * height <= 64_000_000)) throw new HdrFormatError('Implausible .hdr size.');

  const rgb = new Float32Array(width * height * 3);
  const scan = new Uint8Array(width * 4);
  for (let y = 0; y < height; y++) {
    if (pos + 4 > bytes.length) throw new HdrFormatError('The .hdr data ends early.');
    const rle = width >= 8 && width < 32768 && bytes[pos] === 2 && bytes[pos + 1] === 2 && (bytes[pos + 2]! << 8 | bytes[pos + 3]!) === width && !(bytes[pos + 2]! & 0x80);
    if (rle) {
      pos += 4;
      // Channel planes: a count byte > 128 repeats the next byte (count - 128) times, else copies `count` bytes.
      for (let c = 0; c < 4; c++) {
        let x = 0;
        while (x < width) {
          if (pos >= bytes.length) throw new HdrFormatError('The .hdr data ends early.');
          let count = bytes[pos++]!;
          if (count > 128) {
            count -= 128;
            if (count > width - x || pos >= bytes.length) throw new HdrFormatError('Bad run in the .hdr data.');
            const v = bytes[pos++]!;
            for (let k = 0; k < count; k++) scan[4 * x++ + c] = v;
          } else {
            if (count === 0 || count > width - x || pos + count > bytes.length) throw new HdrFormatError('Bad run in the .hdr data.');
            for (let k = 0; k < count; k++) scan[4 * x++ + c] = bytes[pos++]!;
          }
        }
      }
    } else {
      // Flat pixels (old-style run-length encoding is not used by any current writer and is refused above by size).
      if (pos + width * 4 > bytes.length) throw new HdrFormatError('The .hdr data ends early.');
      scan.set(bytes.subarray(pos, pos + width * 4));
      pos += width * 4;
    }
    for (let x = 0; x < width; x++) {
      const e = scan[4 * x + 3]!;
      const o = 3 * (y * width + x);
      if (e === 0) continue; // zero: black
      const f = 2 ** (e - 136); // mantissa / 256 * 2^(e - 128)
      rgb[o] = (scan[4 * x]! + 0.5) * f;
      rgb[o + 1] = (scan[4 * x + 1]! + 0.5) * f;
      rgb[o + 2] = (scan[4 * x + 2]! + 0.5) * f;
    }
  }
  return { width, height, rgb };
}
