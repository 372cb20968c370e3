import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';
import { defineNextStep, type SignInMetadata } from '../auth/challenge';

/** Cognito DefineAuthChallenge: what comes next in the magic-link conversation. */
export const handler = async (event: DefineAuthChallengeTriggerEvent): Promise<DefineAuthChallengeTriggerEvent> => {
  const next = defineNextStep(event.request.session, event.request.clientMetadata as SignInMetadata | undefined);
  event.response.issueTokens = 'issueTokens' in next;
  event.response.failAuthentication = 'fail' in next;
  if ('challenge' in next) event.response.challengeName = next.challenge;
  return event;
};
