/**
 * Which background styles this site offers. Studio, Showroom and the original location are always there; the outdoor
 * styles need photographic scenes, so a site whose compositor has no scene library does not offer them. The home
 * says so in OUTDOOR_STYLES ('off': the CDK app without `-c scenesDir`, the local host without SCENES_DIR; the OpenAI
 * and scripted renderers make every style themselves).
 */
import { BACKGROUND_LABELS, isOutdoorBackground, type Background } from '@shared/backgrounds';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { DomainError } from '../lib/errors';

export const outdoorStylesOffered = (env: NodeJS.ProcessEnv = process.env): boolean => env.OUTDOOR_STYLES !== 'off';

/** Refuses, as a field error on `background`, a style this site does not offer. */
export function assertStyleOffered(background: Background, env: NodeJS.ProcessEnv = process.env): void {
  if (isOutdoorBackground(background) && !outdoorStylesOffered(env)) {
    const message = CAR_PACKAGE_MESSAGES.styleNotOffered(BACKGROUND_LABELS[background]);
    throw new DomainError('validation', message, { background: message });
  }
}
