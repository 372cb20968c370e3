/**
 * The car check's budget against the table (issue 40, N1): a free account that sends 40 new photos at once gets its
 * hourly allowance looked at and the rest refused with 429 and when to try again; a photo it checked before is
 * answered from the record without a look of the vision port (counted here); and the route's real handler shares
 * that allowance (it refuses the same account's next new photo before any look).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { VISION_CHECK_LIMITS } from '@shared/limits';
import { useLocalHost } from '../support/local-host';
import { callRoute, newUser } from './accounts-test-events';

useLocalHost();
const { budgetedVision, checkLimitsFromEnv } = await import('../../functions/src/vision/check-budget');
const { dynamoDbCheckBudget } = await import('../../functions/src/vision/dynamodb-check-budget');
const { checkCarPhoto } = await import('../../functions/src/vision/check-car-photo');

/** A small photo of its own (a different colour each): new bytes every time. */
const photoNumber = async (n: number) =>
  (await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 } } }).jpeg().toBuffer()).toString('base64');

describe('the car check budget', () => {
  it('40 concurrent checks of new photos from one free account: its allowance is looked at, the rest get 429; a photo checked before answers from the record', async () => {
    // The allowance is a fixed hour: the test stays inside one.
    const intoHour = Date.now() % 3_600_000;
    if (intoHour > 3_600_000 - 45_000) await new Promise((r) => setTimeout(r, 3_600_000 - intoHour + 500));
    const user = newUser('check-budget');
    const looks: string[] = [];
    // The vision port, counted: in AWS each look is a paid call. It sees no car in a plain colour.
    const vision = { name: 'openai' as const, model: 'counted', look: async (photo: { sourceSha256?: string }) => (looks.push(photo.sourceSha256!), { ok: false as const, reason: 'not_a_car' as const, message: 'No car.', cars: 0 }) };
    const budgeted = budgetedVision(vision, dynamoDbCheckBudget(), checkLimitsFromEnv({}), { sub: user.sub, sourceIp: '198.51.100.40' });
    const photos = await Promise.all(Array.from({ length: 40 }, (_, i) => photoNumber(i)));
    const answers = await Promise.all(photos.map((photo) => checkCarPhoto({ vision: budgeted }, { photo }).then((body) => ({ ok: true as const, body }), (error: unknown) => ({ ok: false as const, error }))));
    expect(answers.filter((a) => a.ok)).toHaveLength(VISION_CHECK_LIMITS.freePerHour);
    const refused = answers.flatMap((a) => (a.ok ? [] : [a.error]));
    expect(refused).toHaveLength(40 - VISION_CHECK_LIMITS.freePerHour);
    expect(refused[0]).toMatchObject({ kind: 'rate_limited', message: expect.stringMatching(/You have checked 30 new photos this hour, the most for an account that has not bought credits\. Add new photos in \d+ min, or buy credits to check more\./) });
    expect(looks).toHaveLength(VISION_CHECK_LIMITS.freePerHour);

    // A photo checked before: the same answer, from the record, no look; the allowance is used up meanwhile.
    const first = answers.findIndex((a) => a.ok);
    expect(await checkCarPhoto({ vision: budgeted }, { photo: photos[first]! })).toEqual((answers[first] as { body: unknown }).body);
    expect(looks).toHaveLength(VISION_CHECK_LIMITS.freePerHour);

    // The route's own handler counts against the same allowance: a new photo is refused before any look.
    const viaRoute = await callRoute('POST /api/car-photos/check', { user, body: { photo: await photoNumber(41) }, sourceIp: '198.51.100.40' });
    expect(viaRoute.status).toBe(429);
    expect(viaRoute.body.message).toMatch(/You have checked 30 new photos this hour/);
  }, 60_000);
});
