import exifReader from 'exif-reader';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';

/**
 * A dealer's phone photo carries where it was taken (EXIF GPS). The original we keep (and show, and name as the
 * content credentials ingredient) must not: the start stores it without the position, and the package still renders.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const GPS = { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 1234/100', GPSLongitudeRef: 'E', GPSLongitude: '18/1 4/1 0/1' };

describe('stored original photos', () => {
  it('lose their GPS position and keep the rest of their metadata and their pixels', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const dealer = await h.newDealer('gps');
    const phone = await sharp(await h.carPhoto()).jpeg({ quality: 90 }).withExif({ IFD0: { Make: 'PhoneCam', Model: 'X1' }, IFD3: GPS }).toBuffer();
    expect(exifReader((await sharp(phone).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([59, 20, 12.34]);
    const id = await h.createUploadedDraft(dealer.sub, [{ bytes: phone, angle: 'front_left_corner' }], 'GPS Cupra');
    await startCarPackage(w.packageDeps, dealer.sub, id);
    await w.settle();
    const found = await h.packageOf(id);
    const stored = await h.adapters.photos.readUpload(found.pkg.photos[0]!.key);
    const exif = exifReader((await sharp(stored).metadata()).exif!);
    expect(exif.GPSInfo?.GPSLatitude).toBeUndefined();
    expect(exif.GPSInfo?.GPSLongitude).toBeUndefined();
    expect(exif.Image?.Make).toBe('PhoneCam');
    expect(stored.length).toBe(phone.length); // a metadata edit, not a re-encoding
    expect((await sharp(stored).raw().toBuffer()).equals(await sharp(phone).raw().toBuffer())).toBe(true);
    expect(found.images.filter((i) => i.angle_status === 'completed').length).toBeGreaterThan(0);
  });
});
