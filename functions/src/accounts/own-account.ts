import { MESSAGES } from '@shared/messages';
import { DomainError } from '../lib/errors';

/**
 * The server acts for the signed-in caller only (the id comes from the verified token). A `user_id` in a body is
 * tolerated when it is the caller's own, and refused with 403 otherwise: there is no way to address another account.
 */
export function assertOwnUserId(callerSub: string, bodyUserId: string | undefined): void {
  if (bodyUserId !== undefined && bodyUserId !== callerSub) throw new DomainError('forbidden', MESSAGES.notYourAccount);
}
