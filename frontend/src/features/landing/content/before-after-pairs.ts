export interface Picture {
  src: string;
  /** The 800 px copy for phones (about 40 % of the bytes), the 1200 px original for wider screens. */
  srcSet: string;
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

const NAMES: Record<string, string> = {
  'cupra-born': 'grey Cupra Born',
  'hyundai-ioniq5': 'silver Hyundai Ioniq 5',
  'bmw-x3': 'blue BMW X3',
  'bmw-2002': 'silver 1974 BMW 2002 turbo',
};

const srcSet = (slug: string, side: 'before' | 'after') =>
  `/images/before-after/${slug}-${side}-800.webp 800w, /images/before-after/${slug}-${side}.webp 1200w`;

/** Mirrors frontend/public/images/before-after/pairs.json, written by functions/src/renderer/landing-pictures.ts. */
const pair = (slug: string, label: string, credit: string, scene: string): BeforeAfterPair => ({
  slug,
  label,
  credit,
  before: { src: `/images/before-after/${slug}-before.webp`, srcSet: srcSet(slug, 'before'), alt: `Phone photo of a ${NAMES[slug]} ${scene}`, width: 1200, height: 800 },
  after: { src: `/images/before-after/${slug}-after.webp`, srcSet: srcSet(slug, 'after'), alt: `The same ${NAMES[slug]} rendered on a ${label.replace(' Render', '').toLowerCase()} background`, width: 1200, height: 800 },
});

/** Real renders of CC0 / public-domain / CC BY photos by the local renderer. */
export const BEFORE_AFTER_PAIRS: readonly BeforeAfterPair[] = [
  pair('cupra-born', 'Studio Render', 'Photo: crash71100, CC0 1.0 (Wikimedia Commons)', 'parked on a city street'),
  pair('hyundai-ioniq5', 'Studio Render', 'Photo: TTTNIS, CC0 1.0 (Wikimedia Commons)', 'on grass at a car show'),
  pair('bmw-x3', 'Studio Render', 'Photo: IFCAR, public domain (Wikimedia Commons)', 'parked by a fence'),
  pair('bmw-2002', 'Showroom Render', '"1974 BMW 2002 turbo" by Sicnag, CC BY 2.0 (Wikimedia Commons); background replaced', 'on grass at a car show'),
];
