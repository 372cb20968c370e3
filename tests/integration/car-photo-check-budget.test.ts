/**
 * The car check's budget through the real handler and the table (issue 40, N1): a free account that sends 40 new photos
 * at once gets its hourly allowance checked and the rest refused with 429 and when to try again; a photo it checked
 * before is still answered, from the record, with the allowance used up (so without a look of the vision port, which
 * is only reached through the allowance).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VISION_CHECK_LIMITS } from '@shared/limits';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

useLocalHost();
const ROUTE = 'POST /api/car-photos/check';

/** A small photo of its own (a different colour each): new bytes every time, cheap for the detector. */
const photoNumber = async (n: number) =>
  (await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 } } }).jpeg().toBuffer()).toString('base64');

describe(`${ROUTE}: the check budget`, () => {
  it('40 concurrent checks of new photos from one free account: the allowance is checked, the rest get 429; a photo checked before still answers', async () => {
    const user = newUser('check-budget');
    // The allowance is a fixed hour: the test stays inside one.
    const intoHour = Date.now() % 3_600_000;
    if (intoHour > 3_600_000 - 45_000) await new Promise((r) => setTimeout(r, 3_600_000 - intoHour + 500));
    const photos = await Promise.all(Array.from({ length: 40 }, (_, i) => photoNumber(i)));
    const answers = await Promise.all(photos.map((photo) => callRoute(ROUTE, { user, body: { photo }, sourceIp: '198.51.100.40' })));
    const checked = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked).toHaveLength(VISION_CHECK_LIMITS.freePerHour);
    expect(refused).toHaveLength(40 - VISION_CHECK_LIMITS.freePerHour);
    expect(refused[0]!.body.message).toMatch(/You have checked 30 new photos this hour, the most for an account that has not bought credits\. Add new photos in \d+ min, or buy credits to check more\./);
    // A plain colour is no car: the answer says so, and the same answer comes back from the record.
    const first = answers.findIndex((a) => a.status === 200);
    const again = await callRoute(ROUTE, { user, body: { photo: photos[first] }, sourceIp: '198.51.100.40' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(answers[first]!.body);
    // And a new photo is still refused: the allowance is used up.
    expect((await callRoute(ROUTE, { user, body: { photo: await photoNumber(41) }, sourceIp: '198.51.100.40' })).status).toBe(429);
  }, 120_000);
});
