/**
 * Background styles a dealer can choose; studio is the default. Each style (but the original location) draws on
 * photographic scenes when a scene library is configured, and on a drawn background otherwise.
 */
export const BACKGROUNDS = ['studio', 'showroom', 'sunset', 'urban', 'beach', 'mountain', 'original'] as const;
export type Background = (typeof BACKGROUNDS)[number];
export const DEFAULT_BACKGROUND: Background = 'studio';

/** Styles that have a drawn background (the fallback): all but the original location, which is the photo's own. */
export type DrawnBackground = Exclude<Background, 'original'>;
export const DRAWN_BACKGROUNDS = BACKGROUNDS.filter((b): b is DrawnBackground => b !== 'original');

export const BACKGROUND_LABELS: Record<Background, string> = {
  studio: 'Studio',
  showroom: 'Showroom',
  sunset: 'Sunset',
  urban: 'Urban',
  // No sand beach scene is in the library: the photographic scene is a waterfront by the sea.
  beach: 'Coast',
  mountain: 'Mountain',
  original: 'Original location, blurred',
};

export function isBackground(value: unknown): value is Background {
  return typeof value === 'string' && (BACKGROUNDS as readonly string[]).includes(value);
}
