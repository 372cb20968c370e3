/**
 * What the "Import many cars" browser tests share (issue 41, item 3): a zip built in the test from committed car photos,
 * the dealer's balance and packages read through the API as the signed-in page, and the import screen opened.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import type { Page } from 'playwright-core';

const CARS_DIR = join(import.meta.dirname, '../fixtures/cars');
export const carPhoto = (name: string): Uint8Array => new Uint8Array(readFileSync(join(CARS_DIR, name)));

export const CUPRA = 'cupra-born-grey-front34-street.jpg';
export const IONIQ = 'hyundai-ioniq5-silver-front34-grass.jpg';
export const BMW_2002 = 'bmw-2002-silver-front34-grass.jpg';

/** A zip as a DMS exports a day: files by path inside a folder (stored: JPEGs do not shrink). */
export function dayZip(files: Record<string, Uint8Array>): Buffer {
  return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`2026-11-30/${name}`, bytes])), { level: 0 }));
}

/** GET an API route as the signed-in page (its own access token). */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
    const response = await fetch(p, { headers: { authorization: `Bearer ${localStorage.getItem(key!)}` } });
    if (!response.ok) throw new Error(`${p}: ${response.status} ${await response.text()}`);
    return response.json();
  }, path) as Promise<T>;
}

export const balanceOf = async (page: Page): Promise<number> => (await apiGet<{ total_credits: number }>(page, '/api/credits/balance')).total_credits;

export interface ListedPackage {
  id: string;
  session_name: string;
  status: string;
  stock_number?: string;
  vin?: string;
}
export const packagesOf = async (page: Page): Promise<ListedPackage[]> => (await apiGet<{ packages: ListedPackage[] }>(page, '/api/car-packages?limit=50')).packages;

/** The upload tab, then "Import many cars" from the form. */
export async function openImport(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/dashboard/car-packages?tab=upload`);
  await page.getByRole('button', { name: 'Import many cars' }).click();
  await page.getByTestId('import-many-cars').waitFor();
}

/** Drops the zip through the import's file input. */
export async function importZip(page: Page, zip: Buffer, name = 'day.zip'): Promise<void> {
  await page.getByTestId('import-input').setInputFiles({ name, mimeType: 'application/zip', buffer: zip });
}

/** Waits until every photo of the import has its car check's answer. */
export async function checksDone(page: Page): Promise<void> {
  await page.getByTestId('import-progress').getByText(/checked (\d+) of \1 photos/).waitFor({ timeout: 60_000 });
}
