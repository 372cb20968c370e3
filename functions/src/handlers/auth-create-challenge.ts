import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { PROVIDE_AUTH_PARAMETERS, wantsNewLink, type SignInMetadata } from '../auth/challenge';
import { createMagicLinkDeps } from '../auth/create-magic-link-deps';
import { sendMagicLink } from '../auth/magic-link';
import { logger } from '../lib/logger';

const deps = createMagicLinkDeps();

/**
 * Cognito CreateAuthChallenge: asks for sign-in parameters, and sends the magic link when the client asks for
 * one. Unknown addresses get exactly the same answer, with no mail.
 */
export const handler = async (event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> => {
  const metadata = event.request.clientMetadata as SignInMetadata | undefined;
  event.response.publicChallengeParameters = { step: PROVIDE_AUTH_PARAMETERS };
  event.response.privateChallengeParameters = { step: PROVIDE_AUTH_PARAMETERS };
  event.response.challengeMetadata = 'PROVIDE_AUTH_PARAMETERS';
  if (event.request.session.length === 0 || !wantsNewLink(metadata)) return event;

  event.response.publicChallengeParameters = { step: 'MAGIC_LINK_SENT' };
  event.response.challengeMetadata = 'MAGIC_LINK_SENT';
  if (event.request.userNotFound) return event;
  const email = event.request.userAttributes.email;
  if (!email) return event;
  const outcome = await sendMagicLink(deps, { userName: event.userName, email, redirectOrigin: metadata!.redirectUri! });
  if (outcome === 'origin-not-allowed') throw new Error('This sign-in link cannot point to that site.');
  if (outcome === 'throttled') logger.info('magic link not sent: one a minute per address');
  return event;
};
