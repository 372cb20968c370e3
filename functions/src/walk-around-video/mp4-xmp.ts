/**
 * The walk-around video's machine-readable AI disclosure (issue 40, N9): the XMP packet every studio image carries
 * (content-credentials/disclosure.ts: IPTC digital source type, the AI system, the software agent and description),
 * written where MP4 keeps XMP: a top-level `uuid` box of the XMP UUID BE7ACFCB-97A9-42E8-9C71-999491E3AFAC with the
 * packet as its payload (XMP Specification Part 3, "MPEG-4"; what ExifTool and Adobe's tools read and write).
 *
 * The box goes after the last one (the moov, which the muxer writes after the media data): nothing before it moves,
 * so every chunk offset stays true and the coded frames are untouched.
 */
import type { RendererName } from '@shared/content-credentials';
import { disclosureXmp } from '../content-credentials/disclosure';

export const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

interface TopBox {
  type: string;
  start: number;
  size: number;
  headerSize: number;
}

function topLevelBoxes(mp4: Buffer): TopBox[] {
  const boxes: TopBox[] = [];
  let at = 0;
  while (at < mp4.length) {
    if (at + 8 > mp4.length) throw new Error(`MP4: ${mp4.length - at} stray bytes after the last box`);
    let size = mp4.readUInt32BE(at);
    let headerSize = 8;
    if (size === 1) {
      size = Number(mp4.readBigUInt64BE(at + 8));
      headerSize = 16;
    } else if (size === 0) {
      // "To the end of the file": a box after it would be read as part of it.
      throw new Error('MP4: the last box runs to the end of the file (size 0); no box can follow it');
    }
    if (size < headerSize || at + size > mp4.length) throw new Error(`MP4: box at ${at} runs past the end of the file`);
    boxes.push({ type: mp4.toString('latin1', at + 4, at + 8), start: at, size, headerSize });
    at += size;
  }
  return boxes;
}

const isXmpBox = (mp4: Buffer, box: TopBox) => box.type === 'uuid' && mp4.subarray(box.start + box.headerSize, box.start + box.headerSize + 16).equals(XMP_UUID);

/** The MP4 with `xmp` (a whole packet, <?xpacket ... ?> included) in a top-level XMP uuid box after its last box. */
export function withXmp(mp4: Buffer, xmp: string): Buffer {
  const boxes = topLevelBoxes(mp4);
  if (boxes[0]?.type !== 'ftyp') throw new Error(`MP4: the file starts with ${boxes[0]?.type ?? 'nothing'}, not ftyp`);
  if (!boxes.some((b) => b.type === 'moov')) throw new Error('MP4: no moov');
  if (boxes.some((b) => isXmpBox(mp4, b))) throw new Error('MP4: it has an XMP box already');
  const packet = Buffer.from(xmp, 'utf8');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + XMP_UUID.length + packet.length, 0);
  header.write('uuid', 4, 'latin1');
  return Buffer.concat([mp4, header, XMP_UUID, packet]);
}

/** The XMP packet of a top-level XMP uuid box, if the MP4 has one. */
export function xmpOf(mp4: Buffer): string | undefined {
  const box = topLevelBoxes(mp4).find((b) => isXmpBox(mp4, b));
  return box && mp4.toString('utf8', box.start + box.headerSize + XMP_UUID.length, box.start + box.size);
}

/** Most synthetic first: an image edit regenerates every pixel; a composite keeps the photographed car. */
const DISCLOSURE_RANK: Record<RendererName, number> = { openai: 0, local: 1, scripted: 2 };
const isRenderer = (name: string | null): name is RendererName => name !== null && Object.hasOwn(DISCLOSURE_RANK, name);

/**
 * The disclosure of a video made of these studio images: the images' own packet. Were they made by different
 * renderers (a retried angle after the renderer changed), the video is disclosed as its most synthetic image is. An
 * image whose renderer is not recorded counts as the local renderer's composite, the least any studio image is.
 */
export function videoDisclosureXmp(images: ReadonlyArray<{ renderer: string | null; model: string | null }>): string {
  const rank = (renderer: string | null) => (isRenderer(renderer) ? DISCLOSURE_RANK[renderer] : 99);
  const first = [...images].sort((a, b) => rank(a.renderer) - rank(b.renderer))[0];
  const renderer = first && isRenderer(first.renderer) ? first.renderer : 'local';
  return disclosureXmp(renderer, first?.model ?? 'unknown');
}
