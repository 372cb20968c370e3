import type { Page } from 'playwright-core';

/** The package form's Generate button, whatever number of angles it names. */
export const generateButton = (page: Page) => page.getByRole('button', { name: /^Generate / });

/**
 * Clicks Generate and, when the photos cannot make all 8 angles, confirms the package in the dialog that asks once
 * ("Generate n angles (1 credit)").
 */
export async function clickGenerate(page: Page): Promise<void> {
  const button = generateButton(page);
  const label = (await button.textContent()) ?? '';
  await button.click();
  if (/^Generate \d angles? \(1 credit\)$/.test(label.trim())) await page.getByRole('dialog').getByRole('button', { name: /^Generate \d+ angles? \(1 credit\)$/ }).click();
}

/** The dealer says "It is the same car" for every photo the form flags as likely another car; returns how many. */
export async function confirmSameCar(page: Page): Promise<number> {
  const buttons = page.getByRole('button', { name: 'It is the same car' });
  const count = await buttons.count();
  for (let i = 0; i < count; i++) await buttons.first().click();
  return count;
}

/** Spends the signed-in dealer's credits through the API, as spending them elsewhere would; answers the HTTP status. */
export async function spendCredits(page: Page, credits: number): Promise<number> {
  return page.evaluate(async (n) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    const response = await fetch('/api/credits/use', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem(key!)}` },
      body: JSON.stringify({ credits_to_use: n, description: 'Spent for the test', idempotency_key: `spend-${Date.now()}` }),
    });
    return response.status;
  }, credits);
}
