import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@shared/messages';
import { car } from '../renderer/bad-photos';
import { useBrowserSession } from '../support/browser';
import { clickGenerate } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';

/**
 * A dealer who blurs number plates by default (Settings) gets blurred plates even when the package form is sent before
 * their profile has loaded (a slow network): until then the form shows the product's default, so it leaves the choice
 * to the server, which applies the dealer's own.
 */
const session = useBrowserSession();

describe('the default number plate choice', () => {
  it('a package generated before the profile answered is made with the dealer\'s default from Settings, not the shown one', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'plate-default' });
    const saved = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
      const response = await fetch('/api/profile', { method: 'PATCH', headers: { authorization: `Bearer ${localStorage.getItem(key!)}`, 'content-type': 'application/json' }, body: JSON.stringify({ plate_treatment: 'blur' }) });
      return response.status;
    });
    expect(saved).toBe(200);

    // The profile (GET /api/me) is held back until the package has been sent.
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    await page.route('**/api/me', async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/car-packages') sent.push(request.postDataJSON());
    });

    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    const name = 'Plate default before the profile';
    await page.getByLabel('Car Name / Description').fill(name);
    await page.getByTestId('photo-input').setInputFiles({ name: 'ioniq5.jpg', mimeType: 'image/jpeg', buffer: car('hyundai-ioniq5-silver-front34-grass.jpg') });
    await expect.poll(() => page.getByTestId('angle-suggested').count(), { timeout: 60_000 }).toBe(1);
    // What the dealer sees while the profile is out: the product's default.
    expect(await page.getByRole('combobox', { name: 'Number plate' }).textContent()).toBe('Keep as photographed');
    await clickGenerate(page);
    await page.getByText(MESSAGES.packageStarted(1, name).title).waitFor({ timeout: 60_000 });
    release();

    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('plate');
    const id = new URL(page.url()).pathname.split('/').pop();
    const plate = await page.evaluate(async (packageId) => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
      const response = await fetch(`/api/car-packages/${packageId}`, { headers: { authorization: `Bearer ${localStorage.getItem(key!)}` } });
      return ((await response.json()) as { plate: string }).plate;
    }, id);
    expect(plate).toBe('blur');
  }, 120_000);
});
