/**
 * Gives the samples of a one-track MP4 their own durations, and marks its keyframes. The encoder writes every frame
 * for the same time (one tick); a walk-around holds each angle for many ticks, so instead of encoding the same picture
 * 14 times it encodes it once and this stretches that sample (the file then plays as if the picture had been repeated:
 * a variable frame rate, as phones record). Only the moov box changes; the coded frames stay as they are.
 *
 * Also writes the sync sample table (stss), which the muxer (minimp4) leaves out: without it every frame counts as a
 * keyframe and a player seeking into the video would start decoding from a frame that needs an earlier one.
 */

interface Box {
  type: string;
  /** Where the box starts in its buffer, and its whole size (header included). */
  start: number;
  size: number;
  headerSize: number;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf', 'mvex', 'udta']);

function boxesIn(bytes: Buffer, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = bytes.readUInt32BE(at);
    let headerSize = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) size = end - at;
    if (size < headerSize || at + size > end) throw new Error(`MP4: box at ${at} runs past its parent`);
    boxes.push({ type: bytes.toString('latin1', at + 4, at + 8), start: at, size, headerSize });
    at += size;
  }
  return boxes;
}

const childrenOf = (bytes: Buffer, box: Box) => boxesIn(bytes, box.start + box.headerSize, box.start + box.size);

function find(bytes: Buffer, box: Box, path: string[]): Box | undefined {
  let current: Box | undefined = box;
  for (const type of path) {
    current = childrenOf(bytes, current).find((b) => b.type === type);
    if (!current) return undefined;
  }
  return current;
}

function need(bytes: Buffer, box: Box, path: string[]): Box {
  const found = find(bytes, box, path);
  if (!found) throw new Error(`MP4: no ${path.join('/')} in ${box.type}`);
  return found;
}

function boxBytes(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

/** A full box (version 0, no flags) of 32-bit entries: a count, then the values. */
function tableBox(type: string, values: number[]): Buffer {
  const payload = Buffer.alloc(8 + values.length * 4);
  payload.writeUInt32BE(values.length / (type === 'stts' ? 2 : 1), 4);
  values.forEach((v, i) => payload.writeUInt32BE(v, 8 + i * 4));
  return boxBytes(type, payload);
}

/** Version 0 or 1 header of mvhd/mdhd/tkhd: where the timescale (absent in tkhd) and the duration are. */
function timeFields(bytes: Buffer, box: Box): { timescale?: number; durationAt: number; wide: boolean } {
  const body = box.start + box.headerSize;
  const wide = bytes[body] === 1;
  // After version/flags: creation and modification times (4 or 8 bytes each), then:
  //   mvhd, mdhd: timescale (4), duration (4 or 8); tkhd: track id (4), reserved (4), duration (4 or 8).
  const afterTimes = body + 4 + (wide ? 16 : 8);
  if (box.type === 'tkhd') return { durationAt: afterTimes + 8, wide };
  return { timescale: bytes.readUInt32BE(afterTimes), durationAt: afterTimes + 4, wide };
}

function writeDuration(copy: Buffer, wide: boolean, at: number, value: number) {
  if (wide) copy.writeBigUInt64BE(BigInt(value), at);
  else copy.writeUInt32BE(value, at);
}

/** Each sample's offset and size in the file, from the sample-to-chunk, chunk offset and sample size tables. */
function sampleRanges(bytes: Buffer, stbl: Box): { offset: number; size: number }[] {
  const body = (b: Box) => b.start + b.headerSize;
  const stsz = need(bytes, stbl, ['stsz']);
  const fixed = bytes.readUInt32BE(body(stsz) + 4);
  const count = bytes.readUInt32BE(body(stsz) + 8);
  const sizes = Array.from({ length: count }, (_, i) => (fixed !== 0 ? fixed : bytes.readUInt32BE(body(stsz) + 12 + i * 4)));
  const stco = find(bytes, stbl, ['stco']);
  const co64 = find(bytes, stbl, ['co64']);
  const chunkTable = stco ?? co64;
  if (!chunkTable) throw new Error('MP4: no chunk offsets');
  const chunkCount = bytes.readUInt32BE(body(chunkTable) + 4);
  const chunkOffsets = Array.from({ length: chunkCount }, (_, i) =>
    stco ? bytes.readUInt32BE(body(chunkTable) + 8 + i * 4) : Number(bytes.readBigUInt64BE(body(chunkTable) + 8 + i * 8)),
  );
  const stsc = need(bytes, stbl, ['stsc']);
  const runs = Array.from({ length: bytes.readUInt32BE(body(stsc) + 4) }, (_, i) => ({
    firstChunk: bytes.readUInt32BE(body(stsc) + 8 + i * 12),
    perChunk: bytes.readUInt32BE(body(stsc) + 12 + i * 12),
  }));
  const ranges: { offset: number; size: number }[] = [];
  for (let chunk = 1, run = 0; chunk <= chunkCount && ranges.length < count; chunk++) {
    while (run + 1 < runs.length && runs[run + 1]!.firstChunk <= chunk) run++;
    let offset = chunkOffsets[chunk - 1]!;
    for (let k = 0; k < runs[run]!.perChunk && ranges.length < count; k++) {
      const size = sizes[ranges.length]!;
      ranges.push({ offset, size });
      offset += size;
    }
  }
  if (ranges.length !== count) throw new Error(`MP4: the chunks hold ${ranges.length} of ${count} samples`);
  return ranges;
}

/** The NAL unit length field's size (1, 2 or 4 bytes), from the avcC box of the first sample description. */
function nalLengthSize(bytes: Buffer, stbl: Box): number {
  const stsd = need(bytes, stbl, ['stsd']);
  const entries = boxesIn(bytes, stsd.start + stsd.headerSize + 8, stsd.start + stsd.size);
  const avc1 = entries.find((e) => e.type === 'avc1' || e.type === 'avc3');
  if (!avc1) throw new Error('MP4: the track is not H.264 (no avc1 sample description)');
  // A visual sample entry's fixed fields take 78 bytes; its boxes follow (avcC first among them).
  const avcC = boxesIn(bytes, avc1.start + avc1.headerSize + 78, avc1.start + avc1.size).find((b) => b.type === 'avcC');
  if (!avcC) throw new Error('MP4: no avcC');
  return (bytes[avcC.start + avcC.headerSize + 4]! & 0b11) + 1;
}

/** 1-based numbers of the samples that hold an IDR picture (NAL unit type 5): where decoding can start. */
function idrSamples(bytes: Buffer, stbl: Box): number[] {
  const lengthSize = nalLengthSize(bytes, stbl);
  const sync: number[] = [];
  sampleRanges(bytes, stbl).forEach(({ offset, size }, i) => {
    for (let at = offset; at + lengthSize < offset + size; ) {
      const length = bytes.readUIntBE(at, lengthSize);
      if ((bytes[at + lengthSize]! & 0x1f) === 5) {
        sync.push(i + 1);
        break;
      }
      at += lengthSize + length;
    }
  });
  return sync;
}

/**
 * The MP4 with sample i lasting `ticks[i]` frame times of `ticksPerSecond` and its IDR samples marked as keyframes.
 * Expects what the encoder writes: one video track whose samples all last one frame time (1 / ticksPerSecond), no edit
 * list, the moov after the media data; anything else is refused rather than half rewritten.
 */
export function retimeMp4(mp4: Buffer, ticks: readonly number[], ticksPerSecond: number): Buffer {
  const top = boxesIn(mp4, 0, mp4.length);
  const moov = top.find((b) => b.type === 'moov');
  if (!moov) throw new Error('MP4: no moov');
  // After the media data, as the muxer writes it: a longer moov then moves no sample (the chunk offsets stay true).
  if (top.some((b) => b.type === 'mdat' && b.start > moov.start)) throw new Error('MP4: a moov before the media data is not expected here');
  const traks = childrenOf(mp4, moov).filter((b) => b.type === 'trak');
  if (traks.length !== 1) throw new Error(`MP4: expected one track, found ${traks.length}`);
  const trak = traks[0]!;
  if (find(mp4, trak, ['edts'])) throw new Error('MP4: an edit list is not expected here');
  const mvhd = need(mp4, moov, ['mvhd']);
  const tkhd = need(mp4, trak, ['tkhd']);
  const mdhd = need(mp4, trak, ['mdia', 'mdhd']);
  const stbl = need(mp4, trak, ['mdia', 'minf', 'stbl']);
  const stts = need(mp4, stbl, ['stts']);

  const movieTime = timeFields(mp4, mvhd);
  const mediaTime = timeFields(mp4, mdhd);
  const mediaScale = mediaTime.timescale!;
  const tick = mediaScale / ticksPerSecond;
  if (!Number.isInteger(tick)) throw new Error(`MP4: a tick of 1/${ticksPerSecond} s is not a whole number of 1/${mediaScale} s`);
  const sttsBody = stts.start + stts.headerSize;
  const written = { count: mp4.readUInt32BE(sttsBody + 8), delta: mp4.readUInt32BE(sttsBody + 12), entries: mp4.readUInt32BE(sttsBody + 4) };
  if (written.entries !== 1 || written.delta !== tick || written.count !== ticks.length) {
    throw new Error(`MP4: expected ${ticks.length} samples of ${tick} each, found ${JSON.stringify(written)}`);
  }

  // stts: runs of equal durations.
  const runs: number[] = [];
  for (const t of ticks) {
    if (!Number.isInteger(t) || t < 1) throw new Error(`MP4: a sample lasts a whole number of ticks (got ${t})`);
    if (runs.length && runs[runs.length - 1] === t * tick) runs[runs.length - 2]! += 1;
    else runs.push(1, t * tick);
  }
  const mediaDuration = ticks.reduce((s, t) => s + t, 0) * tick;
  const movieDuration = Math.round((mediaDuration * movieTime.timescale!) / mediaScale);
  const sync = idrSamples(mp4, stbl);

  const replaced = new Map<number, Buffer>([[stts.start, tableBox('stts', runs)]]);
  const existingStss = find(mp4, stbl, ['stss']);
  if (existingStss) replaced.set(existingStss.start, tableBox('stss', sync));
  const inserted = new Map<number, Buffer>(existingStss ? [] : [[stts.start, tableBox('stss', sync)]]);
  // Each box is copied, then its duration written at the field's place within the copy.
  const trackTime = timeFields(mp4, tkhd);
  const patched = new Map<number, (copy: Buffer) => void>([
    [mvhd.start, (c) => writeDuration(c, movieTime.wide, movieTime.durationAt - mvhd.start, movieDuration)],
    [tkhd.start, (c) => writeDuration(c, trackTime.wide, trackTime.durationAt - tkhd.start, movieDuration)],
    [mdhd.start, (c) => writeDuration(c, mediaTime.wide, mediaTime.durationAt - mdhd.start, mediaDuration)],
  ]);

  const rebuild = (box: Box): Buffer => {
    const own = replaced.get(box.start);
    if (own) return own;
    if (CONTAINERS.has(box.type)) {
      const parts: Buffer[] = [];
      for (const child of childrenOf(mp4, box)) {
        parts.push(rebuild(child));
        const after = inserted.get(child.start);
        if (after) parts.push(after);
      }
      return boxBytes(box.type, Buffer.concat(parts));
    }
    const copy = Buffer.from(mp4.subarray(box.start, box.start + box.size));
    patched.get(box.start)?.(copy);
    return copy;
  };
  const newMoov = rebuild(moov);
  return Buffer.concat(top.map((b) => (b === moov ? newMoov : mp4.subarray(b.start, b.start + b.size))));
}
