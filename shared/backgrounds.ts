/**
 * Background styles a dealer can choose; studio is the default. Studio and showroom are rendered in code; the outdoor
 * styles need photographic scenes (a scene library) and are offered only where there is one.
 */
export const BACKGROUNDS = ['studio', 'studio_grey', 'studio_dark', 'showroom', 'sunset', 'urban', 'beach', 'mountain', 'original'] as const;
export type Background = (typeof BACKGROUNDS)[number];
export const DEFAULT_BACKGROUND: Background = 'studio';

/** Styles rendered in code by the product itself: offered on every site, with or without a scene library. */
export const RENDERED_BACKGROUNDS = ['studio', 'studio_grey', 'studio_dark', 'showroom'] as const satisfies readonly Background[];
/** Outdoor styles: photographic scenes from the scene library (or the OpenAI renderer's own backgrounds). */
export const OUTDOOR_BACKGROUNDS = BACKGROUNDS.filter((b) => b !== 'original' && !(RENDERED_BACKGROUNDS as readonly string[]).includes(b));

export const isOutdoorBackground = (b: Background): boolean => (OUTDOOR_BACKGROUNDS as readonly string[]).includes(b);

/** The styles a site offers: the outdoor ones only where it has outdoor scenes. */
export const backgroundsOffered = (outdoorStyles: boolean): Background[] => BACKGROUNDS.filter((b) => outdoorStyles || !isOutdoorBackground(b));

export const BACKGROUND_LABELS: Record<Background, string> = {
  studio: 'Studio',
  studio_grey: 'Studio, light grey',
  studio_dark: 'Studio, dark grey',
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
