import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIGITAL_SOURCE_TYPES } from '@shared/content-credentials';
import { xmpOf } from './support';

const DIR = resolve(import.meta.dirname, '../../frontend/public/images/before-after');

describe('landing page pictures', () => {
  it('every "after" picture (both widths) carries the AI disclosure; the "before" photos are left as they were', async () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.webp'));
    const after = files.filter((f) => f.includes('-after'));
    expect(after.length).toBeGreaterThanOrEqual(8);
    for (const f of after) {
      const xmp = await xmpOf(readFileSync(resolve(DIR, f)));
      expect(xmp, f).toContain(`<Iptc4xmpExt:DigitalSourceType>${DIGITAL_SOURCE_TYPES.compositeWithTrainedAlgorithmicMedia}</Iptc4xmpExt:DigitalSourceType>`);
      // Made by the product's default cut-out (u2netp, as in AWS), not the local-only ISNet: the page shows what a dealer gets.
      expect(xmp, f).toMatch(/<xmp:CreatorTool>Studio Lot \(Studio Lot local renderer, u2netp/);
    }
    for (const f of files.filter((x) => x.includes('-before'))) expect(await xmpOf(readFileSync(resolve(DIR, f))), f).not.toContain('DigitalSourceType');
  });
});
