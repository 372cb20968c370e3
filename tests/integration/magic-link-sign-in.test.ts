import { describe, expect, it } from 'vitest';
import {
  CognitoIdentityProviderClient,
  GetUserCommand,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { useLocalHost } from '../support/local-host';
import { LOCAL_USER_POOL } from '../../infra/local/local-user-pool';

const { url } = useLocalHost();
const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito`, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
const ClientId = LOCAL_USER_POOL.clientId;

interface Mail { to: string; text: string; createdAt: string }
const mailsTo = async (email: string): Promise<Mail[]> =>
  ((await (await fetch(`${url}/_local/mailbox/messages.json`)).json()) as { messages: Mail[] }).messages.filter((m) => m.to === email);
const linkIn = (mail: Mail) => /(http\S+\/auth\/callback#(\S+))/.exec(mail.text)!;

/** What the trial dialog does: the server creates the account (if new) and mails the link. */
async function signUp(email: string, dealerName = 'Test Motors') {
  return askForLink({ email, trial: true, dealer_name: dealerName });
}

/** What the Login dialog does. */
async function requestLink(email: string) {
  return askForLink({ email });
}

async function askForLink(body: Record<string, unknown>) {
  const response = await fetch(`${url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Asking Cognito itself for a link, as the old flow did (round 2 with a redirect): it must mail nothing. */
async function requestLinkFromCognito(email: string, redirectUri: string) {
  const start = await cognito.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: email } }));
  return cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: start.Session,
      ChallengeResponses: { USERNAME: start.ChallengeParameters!.USERNAME!, ANSWER: '__dummy__' },
      ClientMetadata: { signInMethod: 'MAGIC_LINK', redirectUri },
    }),
  );
}

/** What the tab that opens the link does: its own sign-in, answering with the token. */
async function signInWithToken(email: string, token: string) {
  const start = await cognito.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: email } }));
  return cognito.send(
    new RespondToAuthChallengeCommand({
      ClientId,
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: start.Session,
      ChallengeResponses: { USERNAME: start.ChallengeParameters!.USERNAME!, ANSWER: token },
      ClientMetadata: { signInMethod: 'MAGIC_LINK', alreadyHaveMagicLink: 'yes' },
    }),
  );
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

describe('magic-link sign-in through the local Cognito endpoint and the real triggers', () => {
  it('sign up, get one link by mail, sign in with it once; the token opens user routes', async () => {
    const email = unique('dana');
    expect(await signUp(email)).toEqual({ status: 202, body: { sent: true } });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const [link, , token] = linkIn(mails[0]!);
    expect(link.startsWith(`${url}/auth/callback#`)).toBe(true);

    const signedIn = await signInWithToken(email, token!);
    const tokens = signedIn.AuthenticationResult!;
    expect(tokens.AccessToken && tokens.IdToken && tokens.RefreshToken).toBeTruthy();
    const user = await cognito.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(user.UserAttributes?.find((a) => a.Name === 'email')?.Value).toBe(email);

    const ticket = await fetch(`${url}/api/realtime/ticket`, { method: 'POST', headers: { authorization: `Bearer ${tokens.AccessToken}` } });
    expect(ticket.status).toBe(200);

    // The same link cannot be used again.
    await expect(signInWithToken(email, token!)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('a second request within a minute sends no second mail, and the first link still works', async () => {
    const email = unique('twice');
    await signUp(email);
    await requestLink(email);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const signedIn = await signInWithToken(email, linkIn(mails[0]!)[2]!);
    expect(signedIn.AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('an unknown address gets the same answer as a known one, and no mail', async () => {
    const known = unique('known');
    await signUp(known);
    const unknown = unique('nobody');
    const [a, b] = await Promise.all([requestLink(known), requestLink(unknown)]);
    expect(b).toEqual(a);
    expect(await mailsTo(unknown)).toHaveLength(0);
  });

  it("a link made for one user cannot sign in another", async () => {
    const alice = unique('alice');
    const bob = unique('bob');
    await signUp(alice);
    await signUp(bob);
    const aliceToken = linkIn((await mailsTo(alice))[0]!)[2]!;
    await expect(signInWithToken(bob, aliceToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // ...and the failed attempt did not use it up for Alice.
    expect((await signInWithToken(alice, aliceToken)).AuthenticationResult).toBeDefined();
  });

  it('a tampered token fails', async () => {
    const email = unique('tamper');
    await signUp(email);
    const token = linkIn((await mailsTo(email))[0]!)[2]!;
    const [body, sig] = token.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...payload, exp: payload.exp + 86_400_000 })).toString('base64url')}.${sig}`;
    await expect(signInWithToken(email, forged)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('Cognito itself mails no link, whatever redirect it is asked for, and answers a known address as an unknown one', async () => {
    const email = unique('direct');
    await signUp(email);
    const before = (await mailsTo(email)).length;
    const evil = await requestLinkFromCognito(email, 'https://evil.example.com');
    const home = await requestLinkFromCognito(email, url);
    const nobody = await requestLinkFromCognito(unique('nobody-direct'), 'https://evil.example.com');
    for (const answer of [evil, home]) expect({ name: answer.ChallengeName, step: answer.ChallengeParameters!.step }).toEqual({ name: nobody.ChallengeName, step: nobody.ChallengeParameters!.step });
    expect(await mailsTo(email)).toHaveLength(before);
  });

  it("Cognito's SignUp is closed: accounts are made only through POST /api/auth/magic-link", async () => {
    const email = unique('selfsignup');
    await expect(
      cognito.send(new SignUpCommand({ ClientId, Username: email, Password: `P${crypto.randomUUID()}!a1`, UserAttributes: [{ Name: 'email', Value: email }] })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('user routes refuse a missing, forged or signed-out-and-expired token', async () => {
    expect((await fetch(`${url}/api/realtime/ticket`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${url}/api/realtime/ticket`, { method: 'POST', headers: { authorization: 'Bearer abc.def.ghi' } })).status).toBe(401);
    const email = unique('signout');
    await signUp(email);
    const tokens = (await signInWithToken(email, linkIn((await mailsTo(email))[0]!)[2]!)).AuthenticationResult!;
    await cognito.send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken }));
    await expect(
      cognito.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! } })),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('GetTokensFromRefreshToken (what Amplify 6.21+ calls) gives new tokens; a revoked refresh token gives none', async () => {
    const email = unique('refresh2');
    await signUp(email);
    const tokens = (await signInWithToken(email, linkIn((await mailsTo(email))[0]!)[2]!)).AuthenticationResult!;
    const call = (RefreshToken: string) =>
      fetch(`${url}/_local/cognito/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken' },
        body: JSON.stringify({ ClientId, RefreshToken }),
      });
    const ok = await call(tokens.RefreshToken!);
    expect(ok.status).toBe(200);
    const result = ((await ok.json()) as { AuthenticationResult: { AccessToken: string } }).AuthenticationResult;
    expect((await fetch(`${url}/api/realtime/ticket`, { method: 'POST', headers: { authorization: `Bearer ${result.AccessToken}` } })).status).toBe(200);
    await cognito.send(new GlobalSignOutCommand({ AccessToken: tokens.AccessToken }));
    const refused = await call(tokens.RefreshToken!);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-amzn-errortype')).toBe('NotAuthorizedException');
  });

  it('the refresh token gives new tokens', async () => {
    const email = unique('refresh');
    await signUp(email);
    const tokens = (await signInWithToken(email, linkIn((await mailsTo(email))[0]!)[2]!)).AuthenticationResult!;
    const refreshed = await cognito.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! } }));
    expect(refreshed.AuthenticationResult?.AccessToken).toBeTruthy();
    expect(refreshed.AuthenticationResult?.AccessToken).not.toBe(tokens.AccessToken);
  });
});
