import { beforeAll, describe, expect, it } from 'vitest';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import type { CarPackageDetail, ListCarPackagesResponse } from '@shared/schemas/car-packages';
import { useLocalHost } from '../support/local-host';
import { PackageApi, isFinal, signInNewDealer } from './package-api-client';

/**
 * Whose package is it: through the shared host's HTTP API (local gateway with its JWT check, real handlers), two
 * dealers signed in with magic links. Another dealer's package does not exist for you: 404, never 403, and it is
 * left exactly as it was. Without a token every car package route answers 401.
 */
const { url } = useLocalHost();
const h = await import('../support/car-package-harness');
const { createPackage, subOf, chargesOf } = await import('../support/car-package-http');

/** A package id that never existed (a valid ULID). */
const NEVER_EXISTED = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

describe("car packages: a dealer cannot see or touch another dealer's package", () => {
  let owner: PackageApi;
  let intruder: PackageApi;
  let started: string; // the owner's started and finished package
  let draft: string; // the owner's package not started yet
  let ownerCursor: string;

  beforeAll(async () => {
    const [a, b] = await Promise.all([signInNewDealer(url, 'owner'), signInNewDealer(url, 'intruder')]);
    owner = new PackageApi(url, a);
    intruder = new PackageApi(url, b);
    // A started package (one untagged car photo with the mirror fill on: a package of its angle and the mirrored one,
    // the others dropped as no photo gives them), and a draft.
    const photo = await (await import('../support/car-package-harness')).carPhoto();
    const s = await createPackage(owner, [{ file_name: 'park.jpg', bytes: photo }], "Owner's 2019 BMW X3", { fill_missing_sides: true });
    const d = await createPackage(owner, [{ file_name: 'park.jpg', bytes: photo }], "Owner's draft");
    expect([s.uploads, d.uploads]).toEqual([['ok'], ['ok']]);
    started = s.id!;
    draft = d.id!;
    expect((await owner.call('POST', `/api/car-packages/${started}/start`)).status).toBe(200);
    // Finished, and its walk-around video made (the workflow's last task, after the package is final): nothing of
    // the owner's changes after the snapshot below but what an intruder might do.
    await owner.waitFor(started, (p) => isFinal(p) && p.video !== null, 90_000);
    const page = await owner.call<ListCarPackagesResponse>('GET', '/api/car-packages?limit=1');
    expect(page.body.packages.map((p) => p.id)).toEqual([started]);
    ownerCursor = page.body.next_cursor!;
    expect(ownerCursor).toBeTruthy();
  }, 120_000);

  it('every read and write of the other dealer answers 404 (the same answer as for a package that never existed), and the package is unchanged', async () => {
    const ownerSub = subOf(owner.dealer);
    const intruderSub = subOf(intruder.dealer);
    const before = {
      pkg: await h.adapters.store.getWithImages(started),
      draft: await h.adapters.store.getDraft(draft),
      ledger: await chargesOf(ownerSub),
      uploads: await h.objectKeys('uploads', `car-packages/${ownerSub}/`),
      drafts: await h.objectKeys('uploads', `drafts/car-packages/${ownerSub}/`),
    };
    expect(before.pkg?.pkg).toMatchObject({ user_id: ownerSub, status: 'completed' });
    expect(before.pkg?.images.filter((i) => i.angle_status === 'completed').length).toBe(2);
    expect(before.draft).toMatchObject({ user_id: ownerSub });

    const attempts: [string, string][] = [
      ['GET', `/api/car-packages/${started}`],
      ['GET', `/api/car-packages/${draft}`],
      ['POST', `/api/car-packages/${started}/angles/front/retry`], // the owner hears why not (409); the intruder, that there is no such package
      ['POST', `/api/car-packages/${started}/zip`],
      ['POST', `/api/car-packages/${started}/start`],
      ['POST', `/api/car-packages/${draft}/start`],
      ['DELETE', `/api/car-packages/${started}`],
      ['DELETE', `/api/car-packages/${draft}`],
    ];
    for (const [method, path] of attempts) {
      const r = await intruder.call<{ message: string; code: string }>(method, path);
      expect({ call: `${method} ${path}`, status: r.status, body: r.body }).toEqual({
        call: `${method} ${path}`,
        status: 404,
        body: { message: CAR_PACKAGE_MESSAGES.notFound, code: 'not_found' },
      });
      // Indistinguishable from a package that does not exist.
      const missing = await intruder.call(method, path.replace(started, NEVER_EXISTED).replace(draft, NEVER_EXISTED));
      expect(missing).toEqual(r);
    }

    // Listing: the intruder's own list and counts are empty, and the owner's cursor does not page into the owner's list.
    const list = await intruder.call<ListCarPackagesResponse>('GET', '/api/car-packages');
    expect(list).toEqual({ status: 200, body: { packages: [], next_cursor: null } });
    const paged = await intruder.call<{ message: string }>('GET', `/api/car-packages?cursor=${encodeURIComponent(ownerCursor)}`);
    expect(paged.status).toBe(400);
    expect(paged.body.message).toMatch(/cursor is not valid/);
    const since = new Date(Date.now() - 7 * 24 * 3600_000).toISOString();
    const activity = await intruder.call('GET', `/api/car-packages/activity?today_start=${encodeURIComponent(since)}&week_start=${encodeURIComponent(since)}`);
    expect(activity).toEqual({ status: 200, body: { today: 0, last_7_days: 0, total: 0 } });

    // Nothing of the owner's changed: package, angles, draft, ledger, files.
    expect(await h.adapters.store.getWithImages(started)).toEqual(before.pkg);
    expect(await h.adapters.store.getDraft(draft)).toEqual(before.draft);
    expect(await chargesOf(ownerSub)).toEqual(before.ledger);
    expect(await h.objectKeys('uploads', `car-packages/${ownerSub}/`)).toEqual(before.uploads);
    expect(await h.objectKeys('uploads', `drafts/car-packages/${ownerSub}/`)).toEqual(before.drafts);
    const seen = await owner.get(started);
    expect(seen).toMatchObject({ id: started, status: 'completed', user_id: ownerSub });
    // And the intruder was charged nothing, nor got anything of the owner's.
    const intruderLedger = await chargesOf(intruderSub);
    expect(intruderLedger.entries.map((e) => e.kind)).toEqual(['trial_grant']);
    expect((await intruder.balance()).total_credits).toBe(5);
    expect(await h.objectKeys('uploads', `car-packages/${intruderSub}/`)).toEqual([]);
  });

  it('without a token (or with a forged one) every car package route answers 401', async () => {
    const forged = (() => {
      const [head, payload, signature] = owner.dealer.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
      return [head, Buffer.from(JSON.stringify({ ...claims, sub: subOf(intruder.dealer) })).toString('base64url'), signature].join('.');
    })();
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/car-packages', { session_name: 'x', photos: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size: 10 }] }],
      ['GET', '/api/car-packages'],
      ['GET', '/api/car-packages/activity?today_start=2026-01-01T00:00:00Z&week_start=2026-01-01T00:00:00Z'],
      ['GET', `/api/car-packages/${started}`],
      ['DELETE', `/api/car-packages/${started}`],
      ['POST', `/api/car-packages/${draft}/start`],
      ['POST', `/api/car-packages/${started}/angles/front/retry`],
      ['POST', `/api/car-packages/${started}/zip`],
    ];
    for (const [method, path, body] of calls) {
      for (const authorization of [undefined, 'Bearer not-a-token', `Bearer ${forged}`]) {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { ...(authorization ? { authorization } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        expect({ call: `${method} ${path}`, authorization: authorization?.slice(0, 12), status: response.status }).toEqual({
          call: `${method} ${path}`,
          authorization: authorization?.slice(0, 12),
          status: 401,
        });
      }
    }
    // Nothing happened to the owner's packages.
    expect(await h.adapters.store.getDraft(draft)).toMatchObject({ id: draft });
    expect((await owner.get(started)) as CarPackageDetail).toMatchObject({ id: started, status: 'completed' });
  });
});
