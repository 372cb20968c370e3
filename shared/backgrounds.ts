/**
 * Background styles a dealer can choose; studio is the default. Studio and showroom are rendered in code; the outdoor
 * styles draw on photographic scenes when a scene library is configured, and on a drawn background otherwise.
 */
export const BACKGROUNDS = ['studio', 'showroom', 'sunset', 'urban', 'beach', 'mountain', 'original'] as const;
export type Background = (typeof BACKGROUNDS)[number];
export const DEFAULT_BACKGROUND: Background = 'studio';

/** Styles rendered in code by the product itself, with or without a scene library. */
export const RENDERED_BACKGROUNDS = ['studio', 'showroom'] as const satisfies readonly Background[];
/** Outdoor styles that have a drawn background (the fallback when no scene library is configured). */
export type DrawnBackground = Exclude<Background, 'original' | (typeof RENDERED_BACKGROUNDS)[number]>;
export const DRAWN_BACKGROUNDS = BACKGROUNDS.filter((b): b is DrawnBackground => b !== 'original' && !(RENDERED_BACKGROUNDS as readonly string[]).includes(b));

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
