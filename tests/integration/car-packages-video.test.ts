import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { captureStderr } from '../support/stderr-capture';
import { WALK_AROUND_ORDER, type Angle } from '@shared/angles';
import { useLocalHost } from '../support/local-host';
import { readMp4 } from '../support/mp4';

/**
 * The walk-around video (issue 29) through the REAL render workflow: the CDK-synthesized definition, whose last task
 * makes the video after Finalize, on a LocalStateMachine in this process; its tasks run the real use cases against the
 * shared host's DynamoDB and S3 with the real encoder (h264-mp4-encoder); the renderer port is scripted (its images
 * are real 1536×1024 JPEGs). The MP4 is read back from the signed link and parsed box by box (tests/support/mp4.ts).
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { retryAngle, deleteCarPackage, zipCarPackage, ZIP_VIDEO_NAME } = await import('../../functions/src/car-packages/package-actions');
const { getCarPackage } = await import('../../functions/src/car-packages/read-packages');
const { walkAroundVideoTask } = await import('../../functions/src/walk-around-video/make-walk-around-video');
const { H264Mp4Encoder } = await import('../../functions/src/walk-around-video/h264-mp4-encoder');
const { xmpOf } = await import('../../functions/src/walk-around-video/mp4-xmp');
const { disclosureXmp } = await import('../../functions/src/content-credentials/disclosure');
const { WORKFLOW_TASK_HANDLERS } = await import('../../infra/workflow-tasks');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

type Workflow = Awaited<ReturnType<typeof h.scriptedWorkflow>>;

/** A dealer with 5 credits and a started package from photos tagged with these angles. */
async function startedPackage(w: Workflow, tags: Angle[] = h.ALL_ANGLE_TAGS, name = 'Walk-around 2021 Cupra Born') {
  const dealer = await h.newDealer('video');
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(dealer.sub, tags.map((angle) => ({ bytes: photo, angle })), name);
  await startCarPackage(w.packageDeps, dealer.sub, id);
  return { dealer, id };
}

const executionOf = (w: Workflow, name: string) => w.machine.describe(w.machine.executionArnFor(name))!;

async function download(url: string) {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** What a dealer's ledger says about one package: charged once, never refunded. */
async function expectChargedOnce(sub: string) {
  const ledger = await h.ledgerOf(sub);
  expect(ledger.debits.length).toBe(1);
  expect(ledger.refunds).toEqual([]);
  expect(ledger.balance).toBe(4);
  expect(ledger.sum).toBe(ledger.balance);
}

describe('the walk-around video of a finished car package (real workflow, real encoder, scripted renderer)', () => {
  it('a package with 7 finished angles gets an H.264 MP4 of 1280×720 and 8 s, holding each angle in walk-around order, after it finished; it is in the zip', async () => {
    const w = await h.scriptedWorkflow(sfn, { outcomes: { rear_right_corner: ['permanent'] } });
    const { dealer, id } = await startedPackage(w);
    await w.settle();
    const execution = executionOf(w, id);
    expect(execution.status).toBe('SUCCEEDED');
    // After Finalize: the package was complete (and charged) before the video was made.
    const states = execution.tasks.map((t) => t.state);
    expect(states.indexOf('Make walk-around video')).toBeGreaterThan(states.indexOf('Finalize package'));
    expect(execution.tasks.filter((t) => t.state === 'Make walk-around video').map((t) => t.error ?? 'ok')).toEqual(['ok']);

    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    expect(detail).toMatchObject({ status: 'partial_complete', completed_angles: 7, failed_angles: 1 });
    const angles = WALK_AROUND_ORDER.filter((a) => a !== 'rear_right_corner');
    expect(detail.video).toMatchObject({ file_name: 'walk-around-2021-cupra-born-walk-around.mp4', duration_seconds: 8, angles });
    expect(Date.parse(detail.video!.made_at)).toBeGreaterThanOrEqual(Date.parse(detail.finished_at!));
    await expectChargedOnce(dealer.sub);

    // The file behind the signed link: an MP4 with one H.264 (avc1) video track, 1280×720, 8 s.
    const file = await download(detail.video!.url);
    expect(file.status).toBe(200);
    expect(file.type).toBe('video/mp4');
    expect(file.disposition).toBe('attachment; filename="walk-around-2021-cupra-born-walk-around.mp4"');
    expect(file.bytes.length).toBe(detail.video!.size_bytes);
    const mp4 = readMp4(file.bytes);
    expect(mp4.compatibleBrands).toContain('isom');
    expect(mp4.movieSeconds).toBeCloseTo(8, 3);
    expect(mp4.tracks).toHaveLength(1);
    const [track] = mp4.tracks;
    expect(track).toMatchObject({ handler: 'vide', codec: 'avc1', width: 1280, height: 720, codedWidth: 1280, codedHeight: 720 });
    expect(track!.seconds).toBeCloseTo(8, 3);
    expect(track!.sampleSeconds.reduce((s, d) => s + d, 0)).toBeCloseTo(8, 3);
    // Each of the 7 angles: one held frame (a keyframe), then 5 fade steps into the next.
    expect(track!.sampleSeconds).toHaveLength(7 * 6);
    expect(track!.keyframes).toEqual(angles.map((_, i) => 1 + i * 6));
    for (const k of track!.keyframes!) expect(track!.sampleSeconds[k - 1]).toBeGreaterThan(0.5);
    // The images' AI disclosure in the MP4's XMP (top-level XMP uuid box): the packet the scripted renderer's images carry.
    expect(xmpOf(file.bytes)).toBe(disclosureXmp('scripted', 'scripted'));
    expect(xmpOf(file.bytes)).toContain('<Iptc4xmpExt:DigitalSourceType>http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia<');

    // Stored under the package's own prefix (deleted and erased with it).
    const key = (await h.packageOf(id)).pkg.video!.key;
    expect(key.startsWith(`car-packages/${dealer.sub}/${id}/video/`)).toBe(true);

    // The zip holds the images and the video, byte for byte.
    const zip = await zipCarPackage(h.adapters, dealer.sub, id);
    const files = unzipSync((await download(zip.url)).bytes);
    expect(Object.keys(files).filter((f) => f.endsWith('.jpg'))).toHaveLength(7);
    expect(Buffer.from(files[ZIP_VIDEO_NAME]!).equals(file.bytes)).toBe(true);
  });

  it('a video that cannot be made leaves the package complete and charged exactly as without one, logged once; the execution still succeeds', async () => {
    const stderr = captureStderr();
    try {
      const broken = { name: 'broken', encode: async () => Promise.reject(new TypeError('the encoder broke (test)')) };
      const w = await h.scriptedWorkflow(
        sfn,
        {},
        { wrap: { [WORKFLOW_TASK_HANDLERS.video]: () => (run) => walkAroundVideoTask({ ...h.adapters, encoder: broken }, run as never) } },
      );
      const { dealer, id } = await startedPackage(w);
      await w.settle();
      const execution = executionOf(w, id);
      expect(execution.status).toBe('SUCCEEDED');
      expect(execution.tasks.filter((t) => t.state === 'Make walk-around video').map((t) => t.error)).toEqual(['TypeError']);

      const detail = await getCarPackage(h.adapters, dealer.sub, id);
      expect(detail).toMatchObject({ status: 'completed', completed_angles: 8, failed_angles: 0, status_message: null, credit_refunded: false, video: null });
      await expectChargedOnce(dealer.sub);
      expect(await h.objectKeys('renders', `car-packages/${dealer.sub}/${id}/video/`)).toEqual([]);
      // The zip is the images alone.
      const files = unzipSync((await download((await zipCarPackage(h.adapters, dealer.sub, id)).url)).bytes);
      expect(Object.keys(files)).not.toContain(ZIP_VIDEO_NAME);
      expect(Object.keys(files).filter((f) => f.endsWith('.jpg'))).toHaveLength(8);

      const lines = stderr.lines().filter((l) => l.includes('walk-around video not made') && l.includes(id));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'ERROR', packageId: id, error: { name: 'TypeError' } });
    } finally {
      stderr.restore();
    }
  });

  it('no video of a single angle, nor of a package refunded because nothing rendered', async () => {
    const single = await h.scriptedWorkflow(sfn, {});
    const one = await startedPackage(single, ['front']);
    await single.settle();
    expect(await getCarPackage(h.adapters, one.dealer.sub, one.id)).toMatchObject({ status: 'completed', total_angles: 1, completed_angles: 1, video: null });

    const refunded = await h.scriptedWorkflow(sfn, { outcomes: { '*': ['permanent'] } });
    const none = await startedPackage(refunded);
    await refunded.settle();
    expect(await getCarPackage(h.adapters, none.dealer.sub, none.id)).toMatchObject({ status: 'error', credit_refunded: true, video: null });
    for (const p of [one, none]) expect(await h.objectKeys('renders', `car-packages/${p.dealer.sub}/${p.id}/video/`)).toEqual([]);
  });

  it('a free retry that finishes the missing angle replaces the video (all 8 angles) and deletes the old one', async () => {
    const w = await h.scriptedWorkflow(sfn, { outcomes: { left_side: ['permanent', 'ok'] } });
    const { dealer, id } = await startedPackage(w);
    await w.settle();
    const first = (await h.packageOf(id)).pkg.video!;
    expect(first.angles).not.toContain('left_side');

    await retryAngle(w.packageDeps, dealer.sub, id, 'left_side');
    await w.settle();
    const detail = await getCarPackage(h.adapters, dealer.sub, id);
    expect(detail).toMatchObject({ status: 'completed', completed_angles: 8 });
    expect(detail.video!.angles).toEqual([...WALK_AROUND_ORDER]);
    expect(readMp4((await download(detail.video!.url)).bytes).tracks[0]!.keyframes).toHaveLength(8);
    expect(await h.objectKeys('renders', `car-packages/${dealer.sub}/${id}/video/`)).toEqual([(await h.packageOf(id)).pkg.video!.key]);
    expect((await h.packageOf(id)).pkg.video!.key).not.toBe(first.key);
    await expectChargedOnce(dealer.sub);
  });

  it('a package deleted while its video was encoded keeps nothing of it', async () => {
    let deleted = false;
    const encoder = new H264Mp4Encoder();
    const w = await h.scriptedWorkflow(
      sfn,
      {},
      {
        wrap: {
          [WORKFLOW_TASK_HANDLERS.video]: () => (run) =>
            walkAroundVideoTask(
              {
                ...h.adapters,
                encoder: {
                  name: encoder.name,
                  // The dealer deletes the finished package while the video is being encoded.
                  encode: async (video) => {
                    const { user_id, package_id } = run as { user_id: string; package_id: string };
                    await deleteCarPackage(h.adapters, user_id, package_id);
                    deleted = true;
                    return encoder.encode(video);
                  },
                },
              },
              run as never,
            ),
        },
      },
    );
    const { dealer, id } = await startedPackage(w);
    await w.settle();
    expect(deleted).toBe(true);
    expect(executionOf(w, id).status).toBe('SUCCEEDED');
    expect(await h.adapters.store.get(id)).toBeUndefined();
    expect(await h.objectKeys('renders', `car-packages/${dealer.sub}/${id}/`)).toEqual([]);
  });
});
