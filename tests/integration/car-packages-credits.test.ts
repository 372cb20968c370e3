import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { useLocalHost } from '../support/local-host';

/**
 * The charge of a car package: POST /api/car-packages/{id}/start through its real handler (the route's own
 * composition root: DynamoDB, S3, and the SfnRenderWorkflow adapter from STATE_MACHINE_ARN / SFN_ENDPOINT), with the
 * shared host's DynamoDB and S3. The workflow it starts is the real definition on a state machine in this process
 * (tests/support/car-package-harness.ts), its renderer scripted, so the started packages finish in a moment.
 */
useLocalHost();
const { freePort } = await import('../../infra/local/free-port');
const sfnPort = await freePort();
const ARN = `arn:aws:states:${process.env.AWS_REGION ?? 'us-east-1'}:000000000000:stateMachine:credits-test-render-workflow`;
// Read by the start handler's composition root when it is first loaded (config() is read once per process).
Object.assign(process.env, { STATE_MACHINE_ARN: ARN, SFN_ENDPOINT: `http://127.0.0.1:${sfnPort}` });

const h = await import('../support/car-package-harness');
const { s3Keys } = await import('../../functions/src/car-packages/car-package');
const sfn = await h.TestStepFunctions.start(sfnPort);
const w = await h.scriptedWorkflow(sfn, {}, { arn: ARN });
afterAll(async () => {
  await w.settle();
  await sfn.close();
});

const start = (dealer: { sub: string; email: string }, id: string) => h.invokeRoute('POST /api/car-packages/{id}/start', { user: dealer, pathParameters: { id } });
const executionsNamed = (name: string) => w.machine.list().filter((e) => e.name === name);

/** `n` drafts of the dealer, each with one uploaded photo, created a few at a time. */
async function drafts(sub: string, n: number): Promise<string[]> {
  const photo = await h.carPhoto();
  const ids: string[] = [];
  for (let i = 0; i < n; i += 5) ids.push(...(await Promise.all(Array.from({ length: Math.min(5, n - i) }, (_, j) => h.createUploadedDraft(sub, [{ bytes: photo }], `Race car ${i + j + 1}`)))));
  return ids;
}

describe('car package credits: one charge per package, never more than the balance', () => {
  let dealer: { sub: string; email: string };
  let ids: string[] = [];
  let results: { status: number; body: any }[] = [];
  beforeAll(async () => {
    dealer = await h.newDealer('race');
    ids = await drafts(dealer.sub, 20);
  });

  it('20 concurrent starts of 20 packages with 5 credits: exactly 5 start, 15 answer 402, the ledger has 5 debits and sums to a balance of 0', async () => {
    expect((await h.ledgerOf(dealer.sub)).balance).toBe(5);
    results = await Promise.all(ids.map((id) => start(dealer, id)));

    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(results.filter((r) => r.status !== 200 && r.status !== 402)).toEqual([]);
    expect(ok.length).toBe(5);
    expect(refused.length).toBe(15);
    for (const r of refused) {
      expect(r.body.message).toBe('Insufficient credits. Need 1, have 0');
      expect(r.body.message).toBe(MESSAGES.insufficientCredits(1, 0));
    }
    for (const r of ok) expect(r.body.replayed).toBe(false);
    expect(ok.map((r) => r.body.balance.total_credits).sort()).toEqual([0, 1, 2, 3, 4]);

    const ledger = await h.ledgerOf(dealer.sub);
    expect(ledger.balance).toBe(0);
    expect(ledger.sum).toBe(ledger.balance);
    expect(ledger.debits.length).toBe(5);
    for (const d of ledger.debits) expect(d.credits).toBe(-1);
    const started = ids.filter((_, i) => results[i]!.status === 200);
    expect(ledger.debits.map((d) => d.metadata?.package_id).sort()).toEqual([...started].sort());

    // The started ones exist with their angles (the 8 their untagged photo may give until prepare finds it gives 1); the
    // refused ones have no package item at all, and their drafts remain.
    for (const [i, id] of ids.entries()) {
      const found = await h.adapters.store.getWithImages(id);
      if (results[i]!.status === 200) {
        expect(found?.pkg.user_id, id).toBe(dealer.sub);
        expect([1, 8], id).toContain(found?.images.length);
        expect(found?.images.length, id).toBe(found?.pkg.total_angles);
        expect(await h.adapters.store.getDraft(id), id).toBeUndefined();
      } else {
        expect(found, id).toBeUndefined();
        expect(await h.adapters.store.get(id), id).toBeUndefined();
        expect(await h.adapters.store.getDraft(id), id).toMatchObject({ id, user_id: dealer.sub });
      }
    }
    expect((await h.adapters.store.list(dealer.sub, 50)).packages.map((p) => p.id).sort()).toEqual([...started].sort());

    // The started packages run to their end (one photo: the corner and its mirror image): no refund, balance still 0.
    await w.settle();
    for (const id of started) expect(executionsNamed(id).map((e) => e.status)).toEqual(['SUCCEEDED']);
    for (const id of ids.filter((_, i) => results[i]!.status !== 200)) expect(executionsNamed(id)).toEqual([]);
    const after = await h.ledgerOf(dealer.sub);
    expect(after.refunds).toEqual([]);
    expect(after.balance).toBe(0);
    expect(after.sum).toBe(0);
  });

  it('a start refused for want of credits leaves nothing of the package behind but its draft (no copy of its photos kept outside drafts/)', async () => {
    expect(results.length).toBe(20);
    const refused = ids.filter((_, i) => results[i]!.status === 402);
    expect(refused.length).toBe(15);
    for (const id of refused) {
      expect(await h.objectKeys('uploads', s3Keys.packagePrefix(dealer.sub, id)), id).toEqual([]);
      expect(await h.objectKeys('renders', s3Keys.packagePrefix(dealer.sub, id)), id).toEqual([]);
      // The dealer's uploads are still there, so the draft can be started once credits are bought.
      expect((await h.objectKeys('uploads', s3Keys.draftPrefix(dealer.sub, id))).length, id).toBe(1);
    }
  });

  it('a start repeated with the same package id, one after the other, charges once and answers replayed: true', async () => {
    const other = await h.newDealer('repeat');
    const [id] = await drafts(other.sub, 1);
    const first = await start(other, id!);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ replayed: false, balance: { total_credits: 4 }, package: { id, status: 'pending' } });
    const again = await start(other, id!);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, balance: { total_credits: 4 }, package: { id } });
    await w.settle();
    // Once the package has run: still replayed, still one charge, and no second execution.
    const later = await start(other, id!);
    expect(later.status).toBe(200);
    // Its untagged photo gives one angle: a package of that angle, completed.
    expect(later.body).toMatchObject({ replayed: true, balance: { total_credits: 4 }, package: { id, status: 'completed', total_angles: 1 } });
    expect(executionsNamed(id!).length).toBe(1);
    const ledger = await h.ledgerOf(other.sub);
    expect(ledger.debits.map((d) => d.id)).toEqual([`DEBIT#car-package:${id}`]);
    expect(ledger.balance).toBe(4);
    expect(ledger.sum).toBe(4);
  });

  it('5 concurrent starts of the same package, and more arriving while the first is under way: one charge, every answer 200 with replayed: true but one', async () => {
    // A double click and a client's retries: 5 at once, then one every 15 ms while the first is being charged.
    // Three packages of one dealer, so that a race that only sometimes loses is still seen.
    const other = await h.newDealer('double-click');
    const ids = await drafts(other.sub, 3);
    for (const id of ids) {
      const atOnce = Array.from({ length: 5 }, () => start(other, id));
      const staggered = Array.from({ length: 10 }, (_, i) => h.sleep(15 * (i + 1)).then(() => start(other, id)));
      const results = await Promise.all([...atOnce, ...staggered]);
      expect(results.map((r) => `${r.status}${r.status === 200 ? '' : ` ${r.body.message}`}`), id).toEqual(results.map(() => '200'));
      expect(results.filter((r) => r.body.replayed === false).length, id).toBe(1);
      expect(results.filter((r) => r.body.replayed === true).length, id).toBe(14);
      await w.settle();
      expect(executionsNamed(id).length, id).toBe(1);
    }
    const ledger = await h.ledgerOf(other.sub);
    expect(ledger.debits.map((d) => d.metadata?.package_id).sort()).toEqual([...ids].sort());
    expect(ledger.refunds.length).toBe(0);
    expect(ledger.balance).toBe(2);
    expect(ledger.sum).toBe(2);
  });
});
