import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PLATE_MESSAGES } from '@shared/plates';
import type { CarPackageDetail, ListCarPackagesResponse } from '@shared/schemas/car-packages';
import type { Profile } from '@shared/schemas/account';
import { useLocalHost } from '../support/local-host';
import { PackageApi, isFinal, signInNewDealer } from './package-api-client';

/**
 * The number plate through the API (issue 37, item 5): the dealer's default in the profile, a package's own choice
 * (which wins), refused values, and the studio compositor blurring the plate of a committed photo whose plate it can
 * read, or saying on the image that it found none.
 */
const { url } = useLocalHost({ renderer: 'studio' });

const CUPRA = resolve(import.meta.dirname, '../fixtures/cars/cupra-born-grey-front34-street.jpg');
const X3 = resolve(import.meta.dirname, '../fixtures/cars/bmw-x3-blue-front34-parked-4540px.jpg');

describe('number plate', () => {
  it('a refused choice changes nothing (an unknown one, a logo plate without a logo): the profile keeps its default and no package is made', async () => {
    const api = new PackageApi(url, await signInNewDealer(url, 'plate-refused'));
    const bad = await api.call<{ message: string; fields?: Record<string, string> }>('PATCH', '/api/profile', { plate_treatment: 'hide' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.plate_treatment).toBe('plate_treatment must be one of keep, blur, logo');
    // A logo plate needs the dealer's uploaded logo: said, and nothing saved.
    const noLogo = await api.call<{ message: string; fields?: Record<string, string> }>('PATCH', '/api/profile', { plate_treatment: 'logo' });
    expect(noLogo.status).toBe(400);
    expect(noLogo.body.fields?.plate_treatment).toBe(PLATE_MESSAGES.logoNeeded);
    expect((await api.call<{ profile: Profile }>('GET', '/api/me')).body.profile.plate_treatment).toBe('keep');
    const photos = [{ file_name: 'car.jpg', content_type: 'image/jpeg', size: 1000 }];
    const refused = await api.call<{ fields?: Record<string, string> }>('POST', '/api/car-packages', { session_name: 'Plate', plate: 'hide', photos });
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.plate).toBe('plate must be one of keep, blur, logo');
    const logoRefused = await api.call<{ fields?: Record<string, string> }>('POST', '/api/car-packages', { session_name: 'Plate', plate: 'logo', photos });
    expect(logoRefused.status).toBe(400);
    expect(logoRefused.body.fields?.plate).toBe(PLATE_MESSAGES.logoNeeded);
    expect((await api.call<ListCarPackagesResponse>('GET', '/api/car-packages')).body.packages).toEqual([]);
  });

  it("the profile's default applies to a package that does not choose; a package's own choice wins; the plate is blurred or named as not found", async () => {
    const api = new PackageApi(url, await signInNewDealer(url, 'plate-blur'));
    const saved = await api.call<{ profile: Profile }>('PATCH', '/api/profile', { plate_treatment: 'blur' });
    expect(saved.status).toBe(200);
    expect(saved.body.profile.plate_treatment).toBe('blur');

    const blurred = await api.createWithPhotos([{ file: CUPRA, angle: 'front_left_corner' }], { name: 'Cupra, plate blurred' });
    const kept = await api.createWithPhotos([{ file: CUPRA, angle: 'front_left_corner' }], { name: 'Cupra, plate kept', plate: 'keep' });
    const unread = await api.createWithPhotos([{ file: X3, angle: 'front_left_corner' }], { name: 'X3, plate not read' });
    for (const id of [blurred, kept, unread]) await api.start(id);
    const done = async (id: string) => api.waitFor(id, isFinal, 120_000, 250) as Promise<CarPackageDetail>;
    const [b, k, u] = await Promise.all([done(blurred), done(kept), done(unread)]);
    expect([b.plate, k.plate, u.plate]).toEqual(['blur', 'keep', 'blur']);

    const corner = (d: CarPackageDetail) => d.images.find((i) => i.angle === 'front_left_corner')!;
    for (const d of [b, k, u]) expect(corner(d).angle_status).toBe('completed');
    expect(corner(b).metadata.warnings).not.toContain(PLATE_MESSAGES.notFound);
    expect(corner(k).metadata.warnings).not.toContain(PLATE_MESSAGES.notFound);
    expect(corner(u).metadata.warnings).toContain(PLATE_MESSAGES.notFound);
    // The same photo, style and camera: the two images differ only in a small patch on the lower part of the car.
    const pixels = async (link: string | null) => sharp(Buffer.from(await (await fetch(link!)).arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const [pb, pk] = await Promise.all([pixels(corner(b).rendered_url), pixels(corner(k).rendered_url)]);
    const { width, height } = pb.info;
    let changed = 0;
    const box = { left: width, top: height, right: -1, bottom: -1 };
    for (let i = 0; i < width * height; i++) {
      if (Math.max(...[0, 1, 2].map((c) => Math.abs(pb.data[3 * i + c]! - pk.data[3 * i + c]!))) <= 40) continue;
      changed++;
      const x = i % width;
      const y = (i - x) / width;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
    }
    expect(changed).toBeGreaterThan(0);
    expect((box.right - box.left + 1) * (box.bottom - box.top + 1)).toBeLessThan(0.03 * width * height);
    expect(box.top).toBeGreaterThan(0.4 * height);
  }, 240_000);
});
