import exifReader from 'exif-reader';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { stripLocation } from './strip-location';

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' };
const exifOf = async (bytes: Buffer) => {
  const raw = (await sharp(bytes).metadata()).exif;
  return raw ? exifReader(raw) : undefined;
};
const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
const base = () => sharp({ create: { width: 96, height: 64, channels: 3, background: '#4a7' } });

describe('stripLocation', () => {
  for (const format of ['jpeg', 'png', 'webp'] as const) {
    it(`removes the GPS position of a ${format} and keeps the camera, the orientation and every pixel`, async () => {
      const photo = await base()[format]().withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1' }, IFD3: GPS }).toBuffer();
      const before = await exifOf(photo);
      expect(before?.GPSInfo?.GPSLatitude).toEqual([59, 20, 12.34]);
      const stripped = stripLocation(photo);
      const after = await exifOf(stripped);
      expect(after?.GPSInfo?.GPSLatitude).toBeUndefined();
      expect(after?.GPSInfo?.GPSLongitude).toBeUndefined();
      expect(after?.Image?.Make).toBe('PhoneCam');
      expect(after?.Image?.Orientation).toBe(before?.Image?.Orientation);
      // Not re-encoded: the same size and the same decoded pixels.
      expect(stripped.length).toBe(photo.length);
      expect((await pixels(stripped)).equals(await pixels(photo))).toBe(true);
    });
  }

  it('drops an XMP packet that carries the position (JPEG APP1) and nothing else', async () => {
    const photo = await base().jpeg().toBuffer();
    const xmp = Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><rdf:Description exif:GPSLatitude="59,20.2N"/></x:xmpmeta>', 'utf8');
    const segment = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.from([(xmp.length + 2) >> 8, (xmp.length + 2) & 0xff]), xmp]);
    const withXmp = Buffer.concat([photo.subarray(0, 2), segment, photo.subarray(2)]);
    const stripped = stripLocation(withXmp);
    expect(stripped.toString('latin1').includes('GPSLatitude')).toBe(false);
    expect(stripped.equals(photo)).toBe(true);
  });

  it('leaves a photo without location metadata byte for byte as it was', async () => {
    const photo = await base().jpeg().withExif({ IFD0: { Make: 'PhoneCam' } }).toBuffer();
    expect(stripLocation(photo).equals(photo)).toBe(true);
  });
});
