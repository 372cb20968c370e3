import { describe, expect, it } from 'vitest';
import type { DecodedPhoto } from '../renderer/photo-validation';
import { budgetedVision, checkLimitsFromEnv, type CheckBudgetPorts, type CheckLimits } from './check-budget';
import type { CarSighting, CarVision } from './port';

/**
 * The car check's budget (issue 40, N1) with the vision port and the table in memory: the same bytes are looked at
 * once per dealer, new looks are counted per account (more for a paying dealer) and, for free accounts, per network;
 * a refused look calls nothing and says when to try again.
 */
const sighting: CarSighting = { ok: true, cars: 1, main: { left: 0.1, top: 0.2, right: 0.9, bottom: 0.9 }, others: [], cutByEdge: false, angle: 'front', confidence: 0.9, warnings: [] };
const photo = (digest: string): DecodedPhoto => ({ type: 'jpeg', originalWidth: 800, originalHeight: 600, rgb: Buffer.alloc(12), width: 2, height: 2, sourceSha256: digest });

function world(paying: string[] = []) {
  const looks: string[] = [];
  const windows = new Map<string, number>();
  const records = new Map<string, CarSighting>();
  let counted = 0;
  const vision: CarVision = { name: 'openai', model: 'test', look: async (p) => (looks.push(p.sourceSha256!), sighting) };
  const ports: CheckBudgetPorts = {
    records: { get: async (sub, d, depth) => records.get(`${sub}/${depth}/${d}`), put: async (sub, d, depth, s) => void records.set(`${sub}/${depth}/${d}`, s) },
    allow: async (scope, subject, max) => {
      const key = `${scope}/${subject}`;
      if ((windows.get(key) ?? 0) >= max) return false;
      windows.set(key, (windows.get(key) ?? 0) + 1);
      return true;
    },
    countLook: async () => void counted++,
    isPaying: async (sub) => paying.includes(sub),
    now: () => Date.parse('2026-11-29T10:45:00Z'),
  };
  return { looks, vision, ports, counted: () => counted };
}

const limits: CheckLimits = { payingPerHour: 6, freePerHour: 3, freeNetworkPerHour: 5 };

describe('the car check budget', () => {
  it('looks at the same bytes once per dealer: a second check, and a verdict after a full look, come from the record', async () => {
    const w = world();
    const vision = budgetedVision(w.vision, w.ports, limits, { sub: 'a', sourceIp: '203.0.113.9' });
    await vision.look(photo('d1'));
    await vision.look(photo('d1'));
    await vision.look(photo('d1'), { angle: false });
    expect(w.looks).toEqual(['d1']);
    expect(w.counted()).toBe(1);
    // Another dealer's same bytes are their own look.
    await budgetedVision(w.vision, w.ports, limits, { sub: 'b', sourceIp: '198.51.100.1' }).look(photo('d1'));
    expect(w.looks).toEqual(['d1', 'd1']);
  });

  it('a free account gets its hourly allowance of new looks, then 429 saying when, without calling the vision service', async () => {
    const w = world();
    const vision = budgetedVision(w.vision, w.ports, limits, { sub: 'free', sourceIp: '203.0.113.9' });
    for (const d of ['n1', 'n2', 'n3']) await vision.look(photo(d));
    const refused = await vision.look(photo('n4')).catch((e: unknown) => e);
    // 10:45: the window opens again at 11:00.
    expect(refused).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 900, message: 'You have checked 3 new photos this hour, the most for an account that has not bought credits. Add new photos in 15 min, or buy credits to check more.' });
    expect(w.looks).toEqual(['n1', 'n2', 'n3']);
    // A photo checked before still answers.
    await expect(vision.look(photo('n2'))).resolves.toEqual(sighting);
  });

  it('a paying dealer gets the larger allowance and is not held back by their network', async () => {
    const w = world(['paying']);
    const vision = budgetedVision(w.vision, w.ports, limits, { sub: 'paying', sourceIp: '203.0.113.9' });
    for (let i = 0; i < 6; i++) await vision.look(photo(`p${i}`));
    await expect(vision.look(photo('p6'))).rejects.toMatchObject({ kind: 'rate_limited', message: expect.stringMatching(/checked 6 new photos this hour, the most for one account/) });
    expect(w.looks).toHaveLength(6);
  });

  it('free accounts on one network share its allowance (an IPv6 /64 is one network)', async () => {
    const w = world();
    const first = budgetedVision(w.vision, w.ports, limits, { sub: 'f1', sourceIp: '2001:db8:1:2::10' });
    const second = budgetedVision(w.vision, w.ports, limits, { sub: 'f2', sourceIp: '2001:db8:1:2:ffff::99' });
    for (const d of ['a', 'b', 'c']) await first.look(photo(d));
    await second.look(photo('d'));
    await second.look(photo('e'));
    await expect(second.look(photo('f'))).rejects.toMatchObject({ kind: 'rate_limited', message: 'Too many new photos were checked from your network this hour. Add new photos in 15 min, or buy credits to check more.' });
    // Another network is not affected.
    await expect(budgetedVision(w.vision, w.ports, limits, { sub: 'f3', sourceIp: '198.51.100.7' }).look(photo('g'))).resolves.toEqual(sighting);
    expect(w.looks).toEqual(['a', 'b', 'c', 'd', 'e', 'g']);
  });

  it('limits come from the product unless configured', () => {
    expect(checkLimitsFromEnv({})).toEqual({ payingPerHour: 600, freePerHour: 30, freeNetworkPerHour: 90 });
    expect(checkLimitsFromEnv({ VISION_CHECKS_FREE_PER_HOUR: '5', VISION_CHECKS_FREE_NETWORK_PER_HOUR: 'x' })).toMatchObject({ freePerHour: 5, freeNetworkPerHour: 90 });
  });
});
