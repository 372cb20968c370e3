import { describe, expect, it } from 'vitest';
import { oddPhotos, paintDistance, type CarAppearance } from './same-car';

const paint = (l: number, a: number, b: number): CarAppearance => ({ paint: [l, a, b], share: 0.6 });
const greenM5 = paint(30, -18, 6);
const greenInShade = paint(18, -14, 4);
const yellowSedan = paint(75, 5, 60);
const blackIx3 = paint(12, 0, -1);
const silver = paint(68, -1, -2);
const silverInSun = paint(82, -1, 0);

describe('same car, or say so', () => {
  it('the same paint in sun and in shade is close; different paints are far', () => {
    expect(paintDistance(silver, silverInSun)).toBeLessThan(10);
    expect(paintDistance(greenM5, greenInShade)).toBeLessThan(10);
    expect(paintDistance(greenM5, yellowSedan)).toBeGreaterThan(50);
    expect(paintDistance(silver, blackIx3)).toBeGreaterThan(20);
  });

  it('the audit: a green M5, a yellow sedan and a black iX3 in one package: the two that are not the first car are flagged', () => {
    expect(oddPhotos([greenM5, yellowSedan, blackIx3])).toEqual([1, 2]);
  });

  it('the odd one is the photo outside the largest group, wherever it is; unchecked photos take no part', () => {
    expect(oddPhotos([yellowSedan, silver, silverInSun, null, silver])).toEqual([0]);
    expect(oddPhotos([silver, silverInSun, greenM5, greenInShade, silver])).toEqual([2, 3]);
    expect(oddPhotos([silver, undefined, silverInSun])).toEqual([]);
    expect(oddPhotos([])).toEqual([]);
  });
});
