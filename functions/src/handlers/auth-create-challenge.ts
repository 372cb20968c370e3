import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { PROVIDE_AUTH_PARAMETERS } from '../auth/challenge';

/**
 * Cognito CreateAuthChallenge: asks the client for its sign-in parameters (the token of the link it opened). It
 * sends no mail: links are requested through POST /api/auth/magic-link, which counts requests per address and per
 * client and answers every address alike; a direct call to Cognito cannot get a mail sent.
 */
export const handler = async (event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> => {
  event.response.publicChallengeParameters = { step: PROVIDE_AUTH_PARAMETERS };
  event.response.privateChallengeParameters = { step: PROVIDE_AUTH_PARAMETERS };
  event.response.challengeMetadata = 'PROVIDE_AUTH_PARAMETERS';
  return event;
};
