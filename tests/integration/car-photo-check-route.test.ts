/**
 * POST /api/car-photos/check through its real handler (the local vision adapter: detector and ISNet silhouette), as
 * API Gateway calls it: the answer for a car and for a non-car, and every bad request refused with a 4xx and a clear
 * message.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_REFUSALS } from '@shared/messages';
import { CAR_CHECK_REASONS } from '@shared/car-checks';
import { LOOK_NUMBERS } from '@shared/same-car';
import { checkCarPhotoResponseSchema, PHOTO_CHECK_MAX_BYTES } from '@shared/schemas/car-photo-check';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

useLocalHost();
const ROUTE = 'POST /api/car-photos/check';
const fixture = (dir: string, name: string) => readFileSync(resolve(import.meta.dirname, '../fixtures', dir, name));
const shrunk = async (bytes: Buffer) => (await sharp(bytes).resize(1280, 1280, { fit: 'inside' }).jpeg({ quality: 85 }).toBuffer()).toString('base64');

describe(ROUTE, () => {
  it('answers the suggested angle of a car, and why a photo without one cannot be used', async () => {
    const user = newUser('check');
    const car = await callRoute(ROUTE, { user, body: { photo: await shrunk(fixture('cars', 'bmw-e30-silver-front34-show-5220px.jpg')) } });
    expect(car.status).toBe(200);
    const checked = checkCarPhotoResponseSchema.parse(car.body);
    expect(checked).toMatchObject({ car: true, angle: 'front_right_corner' });
    // The paint of the silver E30 for the same-car comparison: a light neutral colour.
    const paint = checked.car ? checked.appearance?.paint : undefined;
    expect(paint?.[0]).toBeGreaterThan(50);
    expect(Math.hypot(paint![1], paint![2])).toBeLessThan(10);
    // And its look (the detector's features in its box): 64 whole numbers, stored with the photo's check.
    const look = checked.car ? checked.appearance?.look : undefined;
    expect(look).toHaveLength(LOOK_NUMBERS);
    expect(look!.some((v) => v !== 0)).toBe(true);
    // The schema keeps a stored look bounded: no longer list, no fractions, nothing past 127.
    const appearance = checked.car ? checked.appearance! : undefined;
    for (const bad of [[...look!, 1], look!.map((v, i) => (i === 0 ? 0.5 : v)), look!.map((v, i) => (i === 0 ? 128 : v))])
      expect(checkCarPhotoResponseSchema.safeParse({ ...checked, appearance: { ...appearance, look: bad } }).success).toBe(false);
    const cat = await callRoute(ROUTE, { user, body: { photo: await shrunk(fixture('vision', 'noncar-cat.jpg')) } });
    expect([cat.status, cat.body]).toEqual([200, { car: false, reason: 'not_a_car', message: PHOTO_REFUSALS.notACar }]);
  }, 120_000);

  it('says before the charge when the studio would enlarge the car more than twice (the render would ask for a retake)', async () => {
    const user = newUser('check-small');
    const photo = await shrunk(fixture('cars', 'bmw-e30-silver-front34-show-5220px.jpg'));
    // The photo as shot (5220 px wide): the car has pixels to spare.
    const large = checkCarPhotoResponseSchema.parse((await callRoute(ROUTE, { user, body: { photo, original_size: { width: 5220, height: 3480 } } })).body);
    expect(large.car && large.warnings).not.toContain(CAR_CHECK_REASONS.carSmall.text);
    // The same picture from a 360 px wide file: the car is under 200 px high, so the studio would enlarge it ~2.5x.
    const small = checkCarPhotoResponseSchema.parse((await callRoute(ROUTE, { user, body: { photo, original_size: { width: 360, height: 240 } } })).body);
    expect(small).toMatchObject({ car: true, angle: 'front_right_corner' });
    expect(small.car && small.warnings[0]).toBe(CAR_CHECK_REASONS.carSmall.text);
    // Without the original size, the size of the file sent is the photo's.
    const sent = await sharp(fixture('cars', 'bmw-e30-silver-front34-show-5220px.jpg')).resize(360).jpeg().toBuffer();
    const unsized = checkCarPhotoResponseSchema.parse((await callRoute(ROUTE, { user, body: { photo: sent.toString('base64') } })).body);
    expect(unsized.car && unsized.warnings[0]).toBe(CAR_CHECK_REASONS.carSmall.text);
  }, 120_000);

  it('refuses bad requests with a 4xx and a clear message', async () => {
    const user = newUser('check-bad');
    const noUser = await callRoute(ROUTE, { body: { photo: 'AAAA' } });
    expect(noUser.status).toBe(401);
    const missing = await callRoute(ROUTE, { user, body: {} });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/photo/);
    const notBase64 = await callRoute(ROUTE, { user, body: { photo: 'not base64 at all!' } });
    expect([notBase64.status, notBase64.body.fields?.photo]).toEqual([400, 'photo must be the photo as base64 text']);
    const text = await callRoute(ROUTE, { user, body: { photo: Buffer.from('hello, this is not a photo').toString('base64') } });
    expect([text.status, text.body.message]).toEqual([400, PHOTO_REFUSALS.unsupportedType]);
    const tiny = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#456' } }).jpeg().toBuffer();
    const small = await callRoute(ROUTE, { user, body: { photo: tiny.toString('base64') } });
    expect(small.status).toBe(400);
    expect(small.body.message).toMatch(/too small/);
    const badSize = await callRoute(ROUTE, { user, body: { photo: 'AAAA', original_size: { width: 12.5, height: 0 } } });
    expect(badSize.status).toBe(400);
    expect(badSize.body.fields?.['original_size.width']).toBe('original_size.width must be a whole number of pixels');
    const extra = await callRoute(ROUTE, { user, body: { photo: 'AAAA', angle: 'front' } });
    expect(extra.status).toBe(400);
    const huge = await callRoute(ROUTE, { user, rawBody: JSON.stringify({ photo: 'A'.repeat(Math.ceil(PHOTO_CHECK_MAX_BYTES / 3) * 4 + 4096) }) });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    const broken = await callRoute(ROUTE, { user, rawBody: '{"photo": ' });
    expect(broken.status).toBe(400);
  });
});
