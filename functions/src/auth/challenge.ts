/**
 * The custom-auth conversation (Cognito Define/Create/Verify triggers), as pure functions: each round asks the
 * client for its sign-in parameters; the client answers with the token from a link it opened, which Verify checks.
 * Links are mailed by POST /api/auth/magic-link, not by these triggers (modelled on
 * aws-samples/amazon-cognito-passwordless-auth, whose link request we moved behind our own rate-limited route).
 */
export const PROVIDE_AUTH_PARAMETERS = '__provide_auth_parameters__';
/** Rounds one sign-in may take (asking for parameters, asking for a link, answering) before it fails. */
export const MAX_ROUNDS = 4;

export interface ChallengeRound {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

export type DefineOutcome = { issueTokens: true } | { fail: true } | { challenge: 'CUSTOM_CHALLENGE' };

export function defineNextStep(session: readonly ChallengeRound[], metadata?: SignInMetadata): DefineOutcome {
  const last = session.at(-1);
  if (last?.challengeName === 'CUSTOM_CHALLENGE' && last.challengeResult) return { issueTokens: true };
  // A link that did not check out (used, expired, another user's, tampered) ends the attempt at once.
  if (last && metadata?.alreadyHaveMagicLink === 'yes') return { fail: true };
  if (session.some((r) => r.challengeName !== 'CUSTOM_CHALLENGE')) return { fail: true };
  if (session.length >= MAX_ROUNDS) return { fail: true };
  return { challenge: 'CUSTOM_CHALLENGE' };
}

export interface SignInMetadata {
  signInMethod?: string;
  alreadyHaveMagicLink?: string;
}
