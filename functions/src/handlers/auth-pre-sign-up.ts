import type { PreSignUpTriggerEvent } from 'aws-lambda';

/**
 * Cognito PreSignUp: trial sign-ups are confirmed at once; the e-mail is proven by the magic link that
 * every sign-in needs, so there is no separate confirmation code.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  event.response.autoConfirmUser = true;
  event.response.autoVerifyEmail = true;
  return event;
};
