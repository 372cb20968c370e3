/** Image-edit prompts, built from the shared vocabulary (angle and background labels). */
import { ANGLE_LABELS, type Angle } from '@shared/angles';
import { BACKGROUND_LABELS, type Background } from '@shared/backgrounds';

const SCENES: Record<Background, string> = {
  studio: 'a seamless white photo studio sweep with soft even lighting and no visible horizon',
  studio_grey: 'a seamless light-grey photo studio sweep with soft even lighting and no visible horizon',
  studio_dark: 'a seamless dark-grey photo studio sweep with a soft light from above and no visible horizon',
  showroom: 'a car dealership showroom hall with a polished floor and soft ceiling lights, out of focus',
  sunset: 'an open road at sunset with a warm orange and purple sky, soft backlight',
  urban: 'a clean modern city street with buildings softly out of focus',
  beach: 'a coast: a sandy beach by the sea under a clear blue sky',
  mountain: 'a mountain road with snow-capped peaks in the distance under a clear sky',
  original: 'the same place as in the photo, its background strongly out of focus as with a long lens at a wide aperture',
};

export function buildPrompt(angle: Angle, background: Background, referenceCount: number): string {
  return [
    `Professional dealership photo of the exact car shown in the reference photo${referenceCount > 1 ? 's' : ''}, seen from the ${ANGLE_LABELS[angle].toLowerCase()}.`,
    `Background: ${BACKGROUND_LABELS[background]} — ${SCENES[background]}.`,
    'Keep the car identical: same make, model, colour, wheels, trim, badges and number plate; do not add or remove parts.',
    'The whole car is in frame, centred, all tyres standing on the ground with a soft contact shadow. Photorealistic, no text, no people.',
  ].join(' ');
}
