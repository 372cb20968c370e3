import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import type { SignInMetadata } from '../auth/challenge';
import { createMagicLinkDeps } from '../auth/create-magic-link-deps';
import { verifyMagicLink } from '../auth/magic-link';

const deps = createMagicLinkDeps();

/** Cognito VerifyAuthChallengeResponse: the answer is right only for a valid, unused link of this user. */
export const handler = async (event: VerifyAuthChallengeResponseTriggerEvent): Promise<VerifyAuthChallengeResponseTriggerEvent> => {
  const metadata = event.request.clientMetadata as SignInMetadata | undefined;
  const hasLink = metadata?.signInMethod === 'MAGIC_LINK' && metadata.alreadyHaveMagicLink === 'yes';
  // The same work for a name no account has (userNotFound, with prevent-user-existence-errors): its answer is never
  // right, and it takes as long to say so.
  const checked = hasLink ? await verifyMagicLink(deps, { userName: event.userName, token: String(event.request.challengeAnswer ?? '') }) : false;
  event.response.answerCorrect = checked && event.request.userNotFound !== true;
  return event;
};
