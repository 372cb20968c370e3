import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fitFrame, mixI420, rgbToI420 } from './video-frames';

const W = 1280;
const H = 720;
const pixel = (rgb: Buffer, x: number, y: number) => [...rgb.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)];

describe('walk-around video frames', () => {
  it('fits a whole 1536×1024 image into 1280×720: nothing of it cropped, the sides filled from itself', async () => {
    // A grey image with a red frame 1 px wide along its edge: every edge must still be in the video frame.
    const image = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: '#808080' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1536" height="1024"><rect x="3" y="3" width="1530" height="1018" fill="none" stroke="#ff0000" stroke-width="6"/></svg>') }])
      .jpeg({ quality: 95 })
      .toBuffer();
    const frame = await fitFrame(image);
    expect(frame.length).toBe(W * H * 3);
    const red = ([r, g, b]: number[]) => r! > 170 && g! < 90 && b! < 90;
    // Scaled to 1080×720 in the middle: top and bottom edges at y 1 and 718, left and right edges at x 101 and 1178.
    expect(red(pixel(frame, 640, 1))).toBe(true);
    expect(red(pixel(frame, 640, 718))).toBe(true);
    expect(red(pixel(frame, 101, 360))).toBe(true);
    expect(red(pixel(frame, 1178, 360))).toBe(true);
    // Inside: the image's grey; the side fill: a darker, blurred grey (not black bars).
    expect(pixel(frame, 640, 360).every((v) => Math.abs(v - 128) < 6)).toBe(true);
    const side = pixel(frame, 30, 360);
    expect(side.every((v) => v > 60 && v < 128)).toBe(true);
  });

  it('converts to I420 with BT.709 limited range (what players assume for an untagged HD stream)', () => {
    const rgb = Buffer.alloc(4 * 2 * 3);
    const fill = (colour: number[]) => {
      for (let i = 0; i < 8; i++) rgb.set(colour, i * 3);
      return rgbToI420(rgb, 4, 2);
    };
    const yuv = (out: Uint8Array) => [out[0], out[8], out[10]];
    expect(yuv(fill([255, 255, 255]))).toEqual([235, 128, 128]);
    expect(yuv(fill([0, 0, 0]))).toEqual([16, 128, 128]);
    // BT.709 red: Y 63, Cb 102, Cr 240 (BT.601 would give Y 81, Cb 90).
    const [y, u, v] = yuv(fill([255, 0, 0]));
    expect(Math.abs(y! - 63)).toBeLessThanOrEqual(1);
    expect(Math.abs(u! - 102)).toBeLessThanOrEqual(1);
    expect(Math.abs(v! - 240)).toBeLessThanOrEqual(1);
  });

  it('mixes two pictures by weight: 0 is the first, 1 the second, between them a blend', () => {
    const a = new Uint8Array([0, 100, 200, 255]);
    const b = new Uint8Array([255, 100, 0, 55]);
    const out = new Uint8Array(4);
    expect([...mixI420(a, b, 0, out)]).toEqual([0, 100, 200, 255]);
    expect([...mixI420(a, b, 1, out)]).toEqual([255, 100, 0, 55]);
    expect([...mixI420(a, b, 0.5, out)]).toEqual([128, 100, 100, 155]);
  });
});
