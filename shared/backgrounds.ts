/** Background styles a dealer can choose; studio is the default. */
export const BACKGROUNDS = ['studio', 'sunset', 'urban', 'beach', 'mountain'] as const;
export type Background = (typeof BACKGROUNDS)[number];
export const DEFAULT_BACKGROUND: Background = 'studio';

export const BACKGROUND_LABELS: Record<Background, string> = {
  studio: 'Studio',
  sunset: 'Sunset',
  urban: 'Urban',
  beach: 'Beach',
  mountain: 'Mountain',
};

export function isBackground(value: unknown): value is Background {
  return typeof value === 'string' && (BACKGROUNDS as readonly string[]).includes(value);
}
