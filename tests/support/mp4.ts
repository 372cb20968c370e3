/**
 * Reads what a test needs to know about an MP4, on its own (not the product's mp4-timing.ts, which it checks): the
 * brand, the movie and track durations, the track's size, its codec and coded size, its frame durations and keyframes.
 * ISO/IEC 14496-12 box layout; 32- and 64-bit sizes, version 0 and 1 headers.
 */

export interface Mp4Facts {
  brand: string;
  compatibleBrands: string[];
  /** mvhd */
  movieSeconds: number;
  tracks: {
    handler: string;
    /** tkhd (16.16 fixed point) */
    width: number;
    height: number;
    /** mdhd */
    seconds: number;
    /** stsd: the first sample entry's format (avc1 for H.264) and its coded size */
    codec: string;
    codedWidth: number;
    codedHeight: number;
    /** avcC: profile_idc */
    avcProfile?: number;
    /** stts expanded: each sample's duration in seconds */
    sampleSeconds: number[];
    /** stss: 1-based keyframe sample numbers; undefined when the box is absent (then every sample is one) */
    keyframes?: number[];
  }[];
}

interface Box {
  type: string;
  body: Buffer;
}

function boxes(bytes: Buffer): Box[] {
  const out: Box[] = [];
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = bytes.length - at;
    if (size < header || at + size > bytes.length) throw new Error(`bad box size at ${at}`);
    out.push({ type: bytes.toString('latin1', at + 4, at + 8), body: bytes.subarray(at + header, at + size) });
    at += size;
  }
  if (at !== bytes.length) throw new Error(`${bytes.length - at} stray bytes after the last box`);
  return out;
}

const child = (box: Box, type: string) => {
  const found = boxes(box.body).find((b) => b.type === type);
  if (!found) throw new Error(`no ${type} in ${box.type}`);
  return found;
};
const childOrUndefined = (box: Box, type: string) => boxes(box.body).find((b) => b.type === type);

/** timescale and duration of an mvhd or mdhd body (after version/flags and the creation/modification times). */
function timing(body: Buffer): { timescale: number; duration: number } {
  const wide = body[0] === 1;
  const at = 4 + (wide ? 16 : 8);
  return { timescale: body.readUInt32BE(at), duration: wide ? Number(body.readBigUInt64BE(at + 4)) : body.readUInt32BE(at + 4) };
}

export function readMp4(bytes: Buffer): Mp4Facts {
  const top = boxes(bytes);
  const ftyp = top.find((b) => b.type === 'ftyp');
  const moov = top.find((b) => b.type === 'moov');
  if (!ftyp || !moov) throw new Error(`not an MP4: top-level boxes ${top.map((b) => b.type).join(', ')}`);
  if (!top.some((b) => b.type === 'mdat')) throw new Error('no media data');
  const brand = ftyp.body.toString('latin1', 0, 4);
  const compatibleBrands = Array.from({ length: (ftyp.body.length - 8) / 4 }, (_, i) => ftyp.body.toString('latin1', 8 + i * 4, 12 + i * 4));
  const movie = timing(child(moov, 'mvhd').body);
  const tracks = boxes(moov.body)
    .filter((b) => b.type === 'trak')
    .map((trak) => {
      const tkhd = child(trak, 'tkhd').body;
      const mdia = child(trak, 'mdia');
      const media = timing(child(mdia, 'mdhd').body);
      const handler = child(mdia, 'hdlr').body.toString('latin1', 8, 12);
      const stbl = child(child(mdia, 'minf'), 'stbl');
      const stsd = child(stbl, 'stsd').body;
      // stsd: version/flags, entry count, then the first sample entry (a box).
      const [entry] = boxes(stsd.subarray(8));
      // A visual sample entry: 6 reserved, data reference index (2), 16 pre-defined/reserved, width (2), height (2), ...
      const codedWidth = entry!.body.readUInt16BE(24);
      const codedHeight = entry!.body.readUInt16BE(26);
      const avcC = entry!.type === 'avc1' ? boxes(entry!.body.subarray(78)).find((b) => b.type === 'avcC') : undefined;
      const stts = child(stbl, 'stts').body;
      const sampleSeconds: number[] = [];
      for (let i = 0; i < stts.readUInt32BE(4); i++) {
        const count = stts.readUInt32BE(8 + i * 8);
        const delta = stts.readUInt32BE(12 + i * 8);
        for (let k = 0; k < count; k++) sampleSeconds.push(delta / media.timescale);
      }
      const stsz = child(stbl, 'stsz').body;
      if (stsz.readUInt32BE(8) !== sampleSeconds.length) throw new Error(`stsz counts ${stsz.readUInt32BE(8)} samples, stts ${sampleSeconds.length}`);
      const stss = childOrUndefined(stbl, 'stss')?.body;
      const keyframes = stss ? Array.from({ length: stss.readUInt32BE(4) }, (_, i) => stss.readUInt32BE(8 + i * 4)) : undefined;
      return {
        handler,
        width: tkhd.readUInt32BE(tkhd.length - 8) / 65536,
        height: tkhd.readUInt32BE(tkhd.length - 4) / 65536,
        seconds: media.duration / media.timescale,
        codec: entry!.type,
        codedWidth,
        codedHeight,
        ...(avcC ? { avcProfile: avcC.body[1] } : {}),
        sampleSeconds,
        ...(keyframes ? { keyframes } : {}),
      };
    });
  return { brand, compatibleBrands, movieSeconds: movie.duration / movie.timescale, tracks };
}
