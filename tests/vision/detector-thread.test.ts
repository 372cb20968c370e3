/**
 * The car detector's graph on a thread of its own (vision/local/centernet-thread.mjs): the same answer, bit for bit,
 * as on the calling thread, and the calling thread free while it works (the cut-out's clean-up runs then).
 */
import { describe, expect, it } from 'vitest';
import { detectorInput, detectorThreadWanted, startDetectorRunner } from '../../functions/src/vision/local/centernet-detector';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { car } from '../renderer/bad-photos';

/** How often a 2 ms timer fired on this thread while `work` ran: a blocked thread fires it hardly at all. */
async function ticksDuring<T>(work: () => Promise<T>): Promise<{ value: T; ticks: number; ms: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 2);
  const t = performance.now();
  try {
    const value = await work();
    return { value, ticks, ms: performance.now() - t };
  } finally {
    clearInterval(timer);
  }
}

describe('the car detector on its own thread', () => {
  it('answers the same boxes and neck, bit for bit, as the graph run on this thread', async () => {
    const [thread, inline] = await Promise.all([startDetectorRunner('thread'), startDetectorRunner('inline')]);
    expect(thread.where).toBe('thread');
    expect(inline.where).toBe('inline');
    for (const name of ['bmw-x3-blue-front34-parked-4540px.jpg', 'cupra-born-grey-front34-street.jpg']) {
      const { pixels } = await detectorInput(await decodePhoto(car(name)));
      const [a, b] = [await thread.run(pixels), await inline.run(pixels)];
      expect(a.length).toBe(b.length);
      expect(Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength)), name).toBe(true);
      // The caller's pixels are copied to the thread, not taken from it.
      expect(pixels.length).toBe(512 * 512 * 3);
    }
  }, 120_000);

  it('leaves the calling thread free while it detects; inline, the graph holds it', async () => {
    const [thread, inline] = await Promise.all([startDetectorRunner('thread'), startDetectorRunner('inline')]);
    const { pixels } = await detectorInput(await decodePhoto(car('cupra-born-grey-front34-street.jpg')));
    await Promise.all([thread.run(pixels), inline.run(pixels)]); // warm both (the first run compiles the graph's kernels)
    const onThread = await ticksDuring(() => thread.run(pixels));
    const onCaller = await ticksDuring(() => inline.run(pixels));
    // On the thread the timer keeps firing (at most one tick per 2 ms, fewer on a busy machine); inline it waits for the graph.
    expect(onThread.ticks).toBeGreaterThanOrEqual(Math.min(10, onThread.ms / 8));
    expect(onCaller.ticks).toBeLessThan(onThread.ticks);
    expect(onCaller.ticks).toBeLessThanOrEqual(3);
  }, 120_000);

  it('is used on two or more cores unless DETECTOR_THREAD=off', () => {
    expect(detectorThreadWanted({ DETECTOR_THREAD: 'off' })).toBe(false);
    expect(detectorThreadWanted({})).toBe(true); // this machine has 2 cores and the thread's file is beside the module
  });
});
