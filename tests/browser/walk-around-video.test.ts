import { afterAll, describe, expect, it } from 'vitest';
import { downloadedBytes, useBrowserSession } from '../support/browser';
import { useLocalHost } from '../support/local-host';
import { readMp4 } from '../support/mp4';
import { signedInDealer } from '../support/sign-in';

/**
 * The walk-around video on the package page: it arrives over the live events once the workflow has made it, and the
 * dealer's download is an MP4 that Chromium plays. The package is rendered by the real workflow definition with the
 * scripted renderer. The viewer itself (swipes, keys, zoom): walk-around.test.ts.
 */
useLocalHost();
const session = useBrowserSession();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { WORKFLOW_TASK_HANDLERS } = await import('../../infra/workflow-tasks');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

describe('walk-around video', () => {
  it('the walk-around video: once the workflow has made it, the open package page offers it live; the download is an H.264 MP4 of 1280×720 and 8 s that Chromium plays', async () => {
    const { page, context, email, errors } = await signedInDealer(session.browser, session.url, { name: 'walk-video' });
    const sub = (await h.adapters.accounts.findSubByEmail(email))!;
    // The video task waits until the page is open on the finished package: the video then arrives over the live events.
    let release!: () => void;
    const opened = new Promise<void>((resolve) => (release = resolve));
    const w = await h.scriptedWorkflow(sfn, {}, { wrap: { [WORKFLOW_TASK_HANDLERS.video]: (real) => async (event, ctx) => (await opened, real(event, ctx)) } });
    const name = 'Walk-around video 2019 BMW X3';
    const photo = await h.carPhoto();
    const id = await h.createUploadedDraft(sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), name);
    await startCarPackage(w.packageDeps, sub, id);
    await h.waitForPackage(id, (p) => p.pkg.status === 'completed');

    await page.goto(`${session.url}/dashboard/car-packages`);
    await page.getByTestId('package-card').filter({ hasText: name }).getByRole('button').first().click();
    await page.getByTestId('walk-around-stage').waitFor();
    const action = page.getByRole('link', { name: 'Download walk-around video (MP4)' });
    // Finished, and no video yet: no action.
    expect(await action.count()).toBe(0);
    release();
    await w.settle();
    await action.waitFor({ timeout: 20_000 });
    expect(await action.getAttribute('download')).toBe('walk-around-video-2019-bmw-x3-walk-around.mp4');

    // The dealer clicks it: the browser saves the MP4 under the car's name.
    const [download] = await Promise.all([page.waitForEvent('download'), action.click()]);
    expect(download.suggestedFilename()).toBe('walk-around-video-2019-bmw-x3-walk-around.mp4');
    const bytes = await downloadedBytes(download);
    const mp4 = readMp4(bytes);
    expect(mp4.movieSeconds).toBeCloseTo(8, 3);
    expect(mp4.tracks[0]).toMatchObject({ codec: 'avc1', width: 1280, height: 720, codedWidth: 1280, codedHeight: 720 });

    // And it plays: Chromium decodes it at its size and length, and a frame has the car (not a blank picture).
    const played = await page.evaluate(async (src) => {
      const video = document.createElement('video');
      video.muted = true;
      video.src = src;
      await new Promise((resolve, reject) => {
        video.oncanplaythrough = resolve;
        video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
      });
      video.currentTime = 0.3;
      await new Promise((resolve) => (video.onseeked = resolve));
      const canvas = document.createElement('canvas');
      canvas.width = 128;
      canvas.height = 72;
      const g = canvas.getContext('2d')!;
      const contrastNow = () => {
        g.drawImage(video, 0, 0, 128, 72);
        const data = g.getImageData(0, 0, 128, 72).data;
        let min = 255;
        let max = 0;
        for (let i = 0; i < data.length; i += 4) {
          min = Math.min(min, data[i + 1]!);
          max = Math.max(max, data[i + 1]!);
        }
        return max - min;
      };
      // The headless shell may not have presented the sought frame when "seeked" fires (it then draws black): the
      // frame is read again for up to 2 s; a video whose frames are blank stays at 0 throughout.
      let contrast = contrastNow();
      for (let i = 0; i < 40 && contrast <= 60; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        contrast = Math.max(contrast, contrastNow());
      }
      return { duration: video.duration, width: video.videoWidth, height: video.videoHeight, contrast };
    }, (await action.getAttribute('href'))!);
    expect(played.duration).toBeCloseTo(8, 1);
    expect(played).toMatchObject({ width: 1280, height: 720 });
    expect(played.contrast).toBeGreaterThan(60);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
