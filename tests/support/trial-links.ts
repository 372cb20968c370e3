/**
 * Trial link helpers for tests: a super user's link through the admin route, the prospect's presigned uploads, and
 * the sign-in with the magic link the account creation mailed (through the local Cognito endpoint, as the SPA does).
 */
import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { LOCAL_USER_POOL } from '../../infra/local/local-user-pool';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The token at the end of a trial link URL (…/trial/<token>). */
export const tokenOf = (url: string) => new URL(url).pathname.split('/').pop()!;

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

export async function mailTo(url: string, email: string): Promise<MailboxMessage[]> {
  const { messages } = (await (await fetch(`${url}/_local/mailbox/messages.json`)).json()) as { messages: MailboxMessage[] };
  return messages.filter((m) => m.to === email);
}

/** The newest magic-link token mailed to the address (waits up to ~10 s for it). */
export async function magicLinkTokenFor(url: string, email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const token = (await mailTo(url, email)).map((m) => /\/auth\/callback#(\S+)/.exec(m.text)?.[1]).find(Boolean);
    if (token) return token;
    await sleep(100);
  }
  throw new Error(`no magic link arrived for ${email}`);
}

/** Signs in with the mailed link (custom auth), answering the access token. */
export async function signInWithMailedLink(url: string, email: string): Promise<{ email: string; accessToken: string; sub: string }> {
  const token = await magicLinkTokenFor(url, email);
  const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito`, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
  try {
    const started = await cognito.send(new InitiateAuthCommand({ ClientId: LOCAL_USER_POOL.clientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: email } }));
    const signedIn = await cognito.send(
      new RespondToAuthChallengeCommand({
        ClientId: LOCAL_USER_POOL.clientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: started.Session,
        ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: token },
        ClientMetadata: { signInMethod: 'MAGIC_LINK', alreadyHaveMagicLink: 'yes' },
      }),
    );
    const accessToken = signedIn.AuthenticationResult?.AccessToken;
    if (!accessToken) throw new Error(`sign-in with the link gave no tokens for ${email}`);
    const sub = (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
    return { email, accessToken, sub };
  } finally {
    cognito.destroy();
  }
}
