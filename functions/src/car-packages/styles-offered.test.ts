import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, backgroundsOffered } from '@shared/backgrounds';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { assertStyleOffered } from './styles-offered';

describe('the styles a site offers', () => {
  it('without outdoor scenes: the three studios, Showroom and the original location; an outdoor style is a field error naming it', () => {
    const off = { OUTDOOR_STYLES: 'off' };
    expect(backgroundsOffered(false)).toEqual(['studio', 'studio_grey', 'studio_dark', 'showroom', 'original']);
    for (const b of ['studio', 'studio_grey', 'studio_dark', 'showroom', 'original'] as const) expect(() => assertStyleOffered(b, off)).not.toThrow();
    expect(() => assertStyleOffered('beach', off)).toThrow(expect.objectContaining({ kind: 'validation', fields: { background: CAR_PACKAGE_MESSAGES.styleNotOffered('Coast') } }));
  });

  it('with outdoor scenes (or a renderer that makes its own backgrounds): every style', () => {
    expect(backgroundsOffered(true)).toEqual([...BACKGROUNDS]);
    for (const b of BACKGROUNDS) for (const env of [{ OUTDOOR_STYLES: 'on' }, {}]) expect(() => assertStyleOffered(b, env)).not.toThrow();
  });
});
