import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_REFUSALS } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const fixture = (dir: string, name: string) => join(import.meta.dirname, '../fixtures', dir, name);
const STEPS = ['Front View', 'Front Left Corner', 'Left Side', 'Rear Left Corner', 'Rear View', 'Rear Right Corner', 'Right Side', 'Front Right Corner'];

/** One car from its two front corners: the X3 photo and its mirror image (a front right corner seen as a front left). */
async function x3Shots(): Promise<{ left: string; right: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'capture-'));
  const bytes = await readFile(fixture('cars', 'bmw-x3-blue-front34-parked-4540px.jpg'));
  const left = join(dir, 'x3-shot.jpg');
  const right = join(dir, 'x3-shot-mirrored.jpg');
  await writeFile(left, await sharp(bytes).resize({ width: 1600 }).jpeg({ quality: 88 }).toBuffer());
  await writeFile(right, await sharp(bytes).resize({ width: 1600 }).flop().jpeg({ quality: 88 }).toBuffer());
  return { left, right };
}

describe('guided capture on a phone', () => {
  it.each([375, 1280])('%i px, touch: Take photos walks the 8 angles, checks each shot (retake or keep) and lands on a form with 8 of 8', async (width) => {
    const { page } = await signedInDealer(session.browser, session.url, { name: `capture-${width}`, viewport: { width, height: 820 }, touch: true, page: '/dashboard/car-packages?tab=upload' });
    const shots = await x3Shots();
    await page.getByRole('button', { name: 'Take photos' }).click();
    const flow = page.getByTestId('guided-capture');
    const input = flow.getByTestId('capture-input');
    expect(await input.getAttribute('capture')).toBe('environment');
    const verdict = flow.getByTestId('capture-verdict');
    const mismatches: string[] = [];

    for (const [i, label] of STEPS.entries()) {
      await expect.poll(() => flow.getByTestId('capture-step').textContent()).toBe(`Step ${i + 1} of 8`);
      await flow.getByRole('heading', { name: label }).waitFor();
      await flow.getByTestId('capture-outline').waitFor();
      if (i === 0) {
        await screenshot(page, { path: `test-results/car-packages-capture-step-${width}.png` });
        // Not a car: refused at once, only a retake helps.
        await input.setInputFiles(fixture('vision', 'noncar-cat.jpg'));
        await verdict.getByText(PHOTO_REFUSALS.notACar).waitFor({ timeout: 120_000 });
        expect(await flow.getByRole('button', { name: /^Keep/ }).count()).toBe(0);
        await flow.getByRole('button', { name: 'Retake' }).click();
      }
      await input.setInputFiles(label.includes('Right') ? shots.right : shots.left);
      const keep = flow.getByRole('button', { name: /^Keep/ });
      await keep.waitFor({ timeout: 120_000 });
      const said = (await verdict.textContent()) ?? '';
      if (/retake or keep\?/.test(said)) {
        expect(said).toMatch(new RegExp(`This looks like the .+, not the ${label}: retake or keep\\?`));
        if (mismatches.length === 0) await screenshot(page, { path: `test-results/car-packages-capture-retake-or-keep-${width}.png` });
        mismatches.push(label);
        expect(await keep.textContent()).toBe(`Keep as ${label}`);
      } else {
        expect(said).toContain(`Looks right: the ${label}.`);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keep.click();
    }
    // One car photographed from its front corners only: the rear and the sides are said not to match.
    expect(mismatches).toContain('Rear View');

    await flow.getByRole('heading', { name: 'Done: 8 of 8 angles' }).waitFor();
    await flow.getByRole('button', { name: 'Use these photos' }).click();
    await flow.waitFor({ state: 'hidden' });

    // The form: 8 photos, each with its angle, every angle covered; Generate reads as for a full package.
    await expect.poll(() => page.getByTestId('photo-thumbnail').count()).toBe(8);
    for (const [i, label] of STEPS.entries()) expect(await page.getByRole('combobox', { name: `Angle of photo ${i + 1}` }).textContent()).toBe(label);
    const diagram = page.getByTestId('coverage-diagram');
    expect(await diagram.getByTestId('coverage-count').textContent()).toBe('8 of 8');
    expect(await diagram.locator('[data-testid=coverage-angle][data-source=photo]').count()).toBe(8);
    await page.getByLabel('Car Name / Description').fill('2018 BMW X3 M40i');
    const generate = page.getByRole('button', { name: 'Generate 8-Photo Car Package (1 Credit)' });
    expect(await generate.isDisabled()).toBe(false);
    expect(await page.getByTestId('different-car').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await diagram.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `test-results/car-packages-capture-form-${width}.png`, fullPage: true });
  }, 600_000);

  it('1280 px with a mouse: no Take photos (the form offers the drop area)', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'capture-desktop', page: '/dashboard/car-packages?tab=upload' });
    await page.getByTestId('photo-drop-zone').waitFor();
    expect(await page.getByRole('button', { name: 'Take photos' }).count()).toBe(0);
  }, 120_000);
});
