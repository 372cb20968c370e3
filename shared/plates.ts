/**
 * What happens to the car's number plate on its studio images, chosen per package (its default in Settings): kept as
 * photographed, blurred, or covered by a plain plate carrying the dealer's logo. A plate is personal data in the EU,
 * and dealers commonly hide it in advertisements.
 */
import type { Angle } from './angles';

export const PLATE_TREATMENTS = ['keep', 'blur', 'logo'] as const;
export type PlateTreatment = (typeof PLATE_TREATMENTS)[number];

export const DEFAULT_PLATE_TREATMENT: PlateTreatment = 'keep';

export const isPlateTreatment = (value: unknown): value is PlateTreatment => (PLATE_TREATMENTS as readonly unknown[]).includes(value);

export const PLATE_TREATMENT_LABELS: Record<PlateTreatment, string> = {
  keep: 'Keep as photographed',
  blur: 'Blur the number plate',
  logo: 'Your logo on a plain plate',
};

/** Photos of these angles show a plate (a side view does not): where one is looked for and, when none is found, said. */
export const PLATE_ANGLES: ReadonlySet<Angle> = new Set<Angle>(['front', 'rear', 'front_left_corner', 'front_right_corner', 'rear_left_corner', 'rear_right_corner']);

export const PLATE_MESSAGES = {
  formHint: "Blur hides the plate's letters; your logo covers the plate with a plain one. If we cannot find the plate on a photo, its image says so.",
  settingsHint: 'New car packages start with this choice; you can change it for each package.',
  saved: 'Number plate choice saved',
  blurred: (places: number) => `The number plate is blurred${places > 1 ? ` (with lettering beside it: ${places} places)` : ''}.`,
  notFound: 'No readable number plate was found on this photo, so nothing was blurred: check the image before you publish it.',
  notFoundForLogo: 'No number plate was found on this photo, so your logo plate was not added: check the image before you publish it.',
  logoNeeded: 'Upload your logo in Settings first to put it on the number plate.',
  blurredInstead: 'Your logo plate could not be fitted to the number plate on this photo, so the plate is blurred instead.',
  logoUnavailable: 'Your logo on a plain plate (upload your logo first)',
} as const;

/** What an image says of its plate: none found (for the treatment asked), or blurred where the logo did not fit. */
export function plateWarnings(plate: { treatment: PlateTreatment; found?: boolean; blurredInstead?: boolean }): string[] {
  if (plate.found === false) return [plate.treatment === 'logo' ? PLATE_MESSAGES.notFoundForLogo : PLATE_MESSAGES.notFound];
  return plate.blurredInstead ? [PLATE_MESSAGES.blurredInstead] : [];
}
