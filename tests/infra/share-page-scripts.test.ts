/**
 * What a buyer's phone loads on a shared car's page (issue 41: Lighthouse mobile performance ≥ 95), counted on the
 * built files in frontend/dist as the landing page's budget is (tests/support/landing-budget.ts): share.html's entry
 * and every file it imports statically. The page hydrates only its islands (the walk-around, the credentials badge,
 * the dealer's Download all); the rest is the server's HTML, so none of its code is shipped, and what only some
 * visitors use (the credentials check, the dealer's bar, the API client, zod) loads when used.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kb, pageScripts, SPA_DIST } from '../support/landing-budget';

/** Brotli q11: 84.5 KB when set (React alone is 57 KB); 129 KB in 27 files before issue 41's work. */
const SHARE_BUDGET_KB = 90;

describe('shared car page JavaScript', () => {
  const built = () => pageScripts('share.html', SPA_DIST);

  it(`loads at most ${SHARE_BUDGET_KB} KB of JavaScript (brotli q11) before anyone touches the page`, () => {
    expect(existsSync(join(SPA_DIST, 'share.html')), `${SPA_DIST} is not built: npm run build`).toBe(true);
    const page = built();
    const breakdown = page.scripts.map((s) => `${s.file} ${kb(s.brotli)}`).join(', ');
    expect(page.total.brotli, `share page JS ${kb(page.total.brotli)}: ${breakdown}`).toBeLessThanOrEqual(SHARE_BUDGET_KB * 1024);
    // No module preloads in share.html (the car's picture first): every file is reached from the entry.
    expect(page.fromHtml).toHaveLength(1);
  });

  it('loads no API client, zod, sign-in, Download all or credentials check code, and none of the page around the islands', async () => {
    const page = built();
    const names = page.scripts.map((s) => s.file);
    expect(names.filter((f) => /api-client|zod|amplify|dealer-download|check-image-credentials|credentials-report|site-kit|messages|save-file/i.test(f))).toEqual([]);
    const sources = await Promise.all(names.map(async (file) => ({ file, source: await readFile(join(SPA_DIST, file), 'utf8') })));
    // Words and addresses only those parts hold: the owner check and the zip (Download all), the verify call, the
    // contact section's heading and the footer (server HTML only), zod's jitless switch.
    for (const marker of ['/owner', 'Download all (zip)', '/api/content-credentials/verify', 'about this car', "Studio images made with Studio Lot from the dealer", 'jitless']) {
      expect(sources.filter((s) => s.source.includes(marker)).map((s) => s.file), marker).toEqual([]);
    }
    // What the islands need is there: the walk-around and the badge, hydrated by the entry.
    expect(sources.some((s) => s.source.includes('walk-around'))).toBe(true);
    expect(sources.some((s) => s.source.includes('data-share-island'))).toBe(true);
  });
});
