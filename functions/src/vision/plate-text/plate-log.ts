import { logger } from '../../lib/logger';

/**
 * A failed plate read, logged by the error's class only (the local and the cloud check): a message could quote what
 * was read (docs/vision.md, "The number plate's text"). A module of its own so that the cloud adapter's bundle does not
 * take in the text models' code with it.
 */
export function logPlateNotRead(error: unknown): void {
  logger.warn('plate not read', { errorClass: error instanceof Error ? error.constructor.name : typeof error });
}
