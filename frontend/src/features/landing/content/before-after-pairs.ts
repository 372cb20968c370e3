import { placeholderAfter, placeholderBefore } from './placeholder-pictures';

export interface Picture {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface BeforeAfterPair {
  slug: string;
  label: string;
  credit: string;
  before: Picture;
  after: Picture;
}

/** Label of the before side of every comparison (spec section 2). */
export const BEFORE_LABEL = 'Dealer Phone Photo';

const placeholder = (slug: string, label: string, body: string): BeforeAfterPair => ({
  slug,
  label,
  credit: 'Drawn placeholder',
  before: { src: placeholderBefore(body), alt: `Drawing of a ${slug.replace(/-/g, ' ')} photographed on a dealer lot`, width: 800, height: 500 },
  after: { src: placeholderAfter(body), alt: `Drawing of the same ${slug.replace(/-/g, ' ')} in a studio`, width: 800, height: 500 },
});

/** Placeholder pairs until the renderer's real pairs exist. */
export const BEFORE_AFTER_PAIRS: readonly BeforeAfterPair[] = [
  placeholder('red-hatchback', 'Studio Render', '#dc2626'),
  placeholder('blue-sedan', 'Studio Render', '#1d4ed8'),
  placeholder('black-suv', 'Studio Render', '#1f2937'),
  placeholder('white-coupe', 'Studio Render', '#f8fafc'),
  placeholder('green-wagon', 'Studio Render', '#15803d'),
];
