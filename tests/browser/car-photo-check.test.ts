import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAR_CHECK_MESSAGES, PHOTO_REFUSALS } from '@shared/messages';
import { useBrowserSession } from '../support/browser';
import { generateButton } from '../support/package-form';
import { signedInDealer } from '../support/sign-in';
import { screenshot } from '../support/screenshot';

const session = useBrowserSession();
const photo = (dir: string, name: string) => join(import.meta.dirname, '../fixtures', dir, name);

describe('car check and angle suggestion in the package form', () => {
  it.each([1280, 375])('%i px: the suggested angle is pre-selected and marked, the dealer can change it; a non-car and two cars are refused at once', async (width) => {
    const { page } = await signedInDealer(session.browser, session.url, { name: `photo-check-${width}`, viewport: { width, height: 900 }, page: '/dashboard/car-packages?tab=upload' });
    const thumbnails = page.getByTestId('photo-thumbnail');
    await page.getByTestId('photo-input').setInputFiles([
      photo('cars', 'bmw-e30-silver-front34-show-5220px.jpg'),
      photo('vision', 'noncar-cat.jpg'),
      photo('vision', 'refuse-two-cars-side-by-side.jpg'),
    ]);
    await expect.poll(() => thumbnails.count()).toBe(3);

    // The car: its angle pre-selected on its tag, marked as suggested.
    const first = thumbnails.nth(0);
    await first.getByTestId('angle-suggested').waitFor({ timeout: 90_000 });
    const tag = page.getByRole('combobox', { name: 'Angle of photo 1' });
    expect(await tag.textContent()).toBe('Front Right Corner');
    expect(await tag.getAttribute('aria-describedby')).toBeTruthy();
    // The others: refused with the car check's own words, and generating waits until they are removed.
    await thumbnails.nth(1).getByTestId('photo-refused').getByText(PHOTO_REFUSALS.notACar).waitFor({ timeout: 90_000 });
    await thumbnails.nth(2).getByTestId('photo-refused').getByText(CAR_CHECK_MESSAGES.severalCars).waitFor({ timeout: 90_000 });
    await page.getByLabel('Car Name / Description').fill('1986 BMW E30');
    expect(await generateButton(page).isDisabled()).toBe(true);
    await page.getByText('2 photos cannot be used').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Each photo stays inside its own column (a long angle name is cut short, not spilled over the next photo).
    const boxes = await thumbnails.evaluateAll((items) => items.map((li) => ({ li: li.getBoundingClientRect().right, content: Math.max(...[...li.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)) })));
    for (const b of boxes) expect(b.content).toBeLessThanOrEqual(b.li + 1);
    await screenshot(page, { path: `test-results/car-photo-check-${width}.png`, fullPage: true });

    // The dealer changes the suggestion: the mark goes, the choice stays.
    await tag.click();
    await page.getByRole('option', { name: 'Rear Right Corner' }).click();
    expect(await tag.textContent()).toBe('Rear Right Corner');
    expect(await first.getByTestId('angle-suggested').count()).toBe(0);
    await page.getByRole('button', { name: 'Remove noncar-cat.jpg' }).click();
    await page.getByRole('button', { name: 'Remove refuse-two-cars-side-by-side.jpg' }).click();
    expect(await generateButton(page).isDisabled()).toBe(false);
  }, 240_000);

  it('real side and rear photos (a black car on a hillside, a white car in traffic) get Left Side and Rear View suggested', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'photo-check-side-rear', viewport: { width: 375, height: 900 }, page: '/dashboard/car-packages?tab=upload' });
    const thumbnails = page.getByTestId('photo-thumbnail');
    await page.getByTestId('photo-input').setInputFiles([photo('vision', 'hyundai-genesis-black-side-hillside.jpg'), photo('vision', 'toyota-camry-white-rear-street.jpg')]);
    await expect.poll(() => thumbnails.count()).toBe(2);
    for (const [i, angle] of [[0, 'Left Side'], [1, 'Rear View']] as const) {
      await thumbnails.nth(i).getByTestId('angle-suggested').waitFor({ timeout: 90_000 });
      expect(await page.getByRole('combobox', { name: `Angle of photo ${i + 1}` }).textContent()).toBe(angle);
    }
    await screenshot(page, { path: 'test-results/car-photo-check-side-rear-375.png', fullPage: true });
  }, 240_000);

  it('a photo taken inside the car is refused with its own words (the cloud check route answer stood in by the page)', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'photo-check-interior' });
    // Only the openai adapter tells an interior; here what the dealer sees of its answer.
    await page.route('**/api/car-photos/check', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ car: false, reason: 'car_interior', message: CAR_CHECK_MESSAGES.interior }) }),
    );
    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    await page.getByTestId('photo-input').setInputFiles([photo('cars', 'cupra-born-grey-front34-street.jpg')]);
    await page.getByTestId('photo-thumbnail').getByTestId('photo-refused').getByText(CAR_CHECK_MESSAGES.interior).waitFor();
    await page.getByText('One photo cannot be used').waitFor();
    await screenshot(page, { path: 'test-results/car-photo-check-interior-1280.png', fullPage: true });
  }, 120_000);

  it('a low-confidence suggestion says it is not sure (the answer of the check route stood in by the page)', async () => {
    const { page } = await signedInDealer(session.browser, session.url, { name: 'photo-check-unsure' });
    // Which photos the classifier is unsure of is measured by eval:vision; here only what the dealer sees of it.
    await page.route('**/api/car-photos/check', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ car: true, angle: 'rear_left_corner', confidence: 0.45, low_confidence: true, cars: 1, warnings: [CAR_CHECK_MESSAGES.cutByEdge] }) }),
    );
    await page.goto(`${session.url}/dashboard/car-packages?tab=upload`);
    await page.getByTestId('photo-input').setInputFiles([photo('cars', 'cupra-born-grey-front34-street.jpg')]);
    const thumbnail = page.getByTestId('photo-thumbnail');
    await thumbnail.getByTestId('angle-suggested').waitFor();
    expect(await page.getByRole('combobox', { name: 'Angle of photo 1' }).textContent()).toBe('Rear Left Corner');
    await thumbnail.getByText(CAR_CHECK_MESSAGES.lowConfidence).waitFor();
    await thumbnail.getByText(CAR_CHECK_MESSAGES.cutByEdge).waitFor();
    await screenshot(page, { path: 'test-results/car-photo-check-unsure-1280.png', fullPage: true });
  }, 120_000);
});
