import { describe, expect, it } from 'vitest';
import { DIGITAL_SOURCE_TYPES } from '@shared/content-credentials';
import { readMp4 } from '../../../tests/support/mp4';
import { disclosureXmp } from '../content-credentials/disclosure';
import { H264Mp4Encoder } from './h264-mp4-encoder';
import { videoDisclosureXmp, withXmp, XMP_UUID, xmpOf } from './mp4-xmp';

/** A walk-around of three flat pictures, as the real encoder writes it. */
async function smallVideo(): Promise<Buffer> {
  const picture = (luma: number) => {
    const out = new Uint8Array((64 * 48 * 3) / 2).fill(128);
    return out.fill(luma, 0, 64 * 48);
  };
  return new H264Mp4Encoder().encode({ width: 64, height: 48, ticksPerSecond: 24, keyframeEvery: 2, frames: [60, 120, 180].map((l) => ({ i420: picture(l), ticks: 8 })) });
}

/** The file's top-level boxes, type and size, read on their own (ISO/IEC 14496-12: 32-bit sizes here). */
function topLevel(mp4: Buffer): { type: string; size: number; at: number }[] {
  const out: { type: string; size: number; at: number }[] = [];
  for (let at = 0; at < mp4.length; ) {
    const size = mp4.readUInt32BE(at);
    out.push({ type: mp4.toString('latin1', at + 4, at + 8), size, at });
    expect(size).toBeGreaterThanOrEqual(8);
    at += size;
    expect(at).toBeLessThanOrEqual(mp4.length);
  }
  return out;
}

describe("the walk-around video's AI disclosure (XMP in the MP4)", () => {
  it('writes the images’ XMP packet, with its IPTC digital source type, in a top-level XMP uuid box; the movie is unchanged', async () => {
    const encoded = await smallVideo();
    const packet = videoDisclosureXmp([{ renderer: 'local', model: 'u2netp' }, { renderer: 'local', model: 'u2netp' }]);
    // The very packet a studio image of the local renderer carries: same source type, wording and software agent.
    expect(packet).toBe(disclosureXmp('local', 'u2netp'));
    const mp4 = withXmp(encoded, packet);

    // After the last box: everything before it is the encoder's file byte for byte (no chunk offset moved).
    expect(mp4.subarray(0, encoded.length).equals(encoded)).toBe(true);
    const boxes = topLevel(mp4);
    expect(boxes.map((b) => b.type)).toEqual([...topLevel(encoded).map((b) => b.type), 'uuid']);
    const uuid = boxes.at(-1)!;
    expect(uuid.at + uuid.size).toBe(mp4.length);
    expect(mp4.subarray(uuid.at + 8, uuid.at + 24).toString('hex')).toBe('be7acfcb97a942e89c71999491e3afac');
    expect(XMP_UUID.toString('hex')).toBe('be7acfcb97a942e89c71999491e3afac');

    const xmp = xmpOf(mp4)!;
    expect(xmp).toBe(packet);
    expect(xmp).toContain(`<Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia}</Iptc4xmpExt:DigitalSourceType>`);
    expect(xmp).toMatch(/^<\?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"\?>/);
    expect(xmp).toMatch(/<\?xpacket end="w"\?>$/);
    expect(xmpOf(encoded)).toBeUndefined();

    // Still the same movie to a reader of its boxes: brand, track, frame durations and keyframes.
    expect(readMp4(mp4)).toEqual(readMp4(encoded));
  });

  it('discloses a video as its most synthetic image: an image edit (trainedAlgorithmicMedia) before a composite', () => {
    const mixed = videoDisclosureXmp([
      { renderer: 'local', model: 'u2netp' },
      { renderer: 'openai', model: 'gpt-image-1' },
    ]);
    expect(mixed).toBe(disclosureXmp('openai', 'gpt-image-1'));
    expect(mixed).toContain(`<Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPES.trainedAlgorithmicMedia}</Iptc4xmpExt:DigitalSourceType>`);
    // No renderer recorded: still disclosed, as the local renderer's composite (the least any studio image is).
    expect(videoDisclosureXmp([{ renderer: null, model: null }])).toContain(DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia);
    expect(videoDisclosureXmp([{ renderer: 'scripted', model: 'scripted' }])).toBe(disclosureXmp('scripted', 'scripted'));
  });

  it('refuses what it cannot extend safely: no MP4, a second XMP box, a last box that runs to the end of the file', async () => {
    const packet = disclosureXmp('local', 'u2netp');
    expect(() => withXmp(Buffer.from('not an mp4 at all'), packet)).toThrow(/MP4/);
    const once = withXmp(await smallVideo(), packet);
    expect(() => withXmp(once, packet)).toThrow(/XMP box already/);
    const open = Buffer.from(once);
    const last = topLevel(once).at(-1)!;
    open.writeUInt32BE(0, last.at);
    expect(() => withXmp(open, packet)).toThrow(/size 0/);
  });
});
