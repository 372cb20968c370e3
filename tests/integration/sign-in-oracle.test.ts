import { randomUUID } from 'node:crypto';
import { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { useLocalHost } from '../support/local-host';

/**
 * Issue 27, item 4: an account oracle. InitiateAuth (CUSTOM_AUTH) answered a known address with the account's id in
 * ChallengeParameters.USERNAME, the same on every call, and an unknown one with a fresh random id each time: asking
 * twice told whether an account exists. With prevent-user-existence-errors on, the AWS pool runs the custom-auth
 * triggers for an unknown name (userNotFound) and answers the same name with the same id each time (its documentation
 * says so of the SRP flow's user id); the local stand-in must answer alike: stable for every address, known or not.
 */
const { url } = useLocalHost();
const { signInNewDealer } = await import('./package-api-client');
const { LOCAL_USER_POOL } = await import('../../infra/local/local-user-pool');
const ClientId = LOCAL_USER_POOL.clientId;
const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito`, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
afterAll(() => cognito.destroy());

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const initiate = (name: string) => cognito.send(new InitiateAuthCommand({ ClientId, AuthFlow: 'CUSTOM_AUTH', AuthParameters: { USERNAME: name } }));
/** What a caller sees of an answer, with the id and session left out: its shape. */
const shape = (out: Awaited<ReturnType<typeof initiate>>) => ({ challenge: out.ChallengeName, keys: Object.keys(out.ChallengeParameters ?? {}).sort(), step: out.ChallengeParameters?.step, session: typeof out.Session });

async function wrongAnswer(name: string) {
  const started = await initiate(name);
  const error = await cognito
    .send(
      new RespondToAuthChallengeCommand({
        ClientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: started.Session,
        ChallengeResponses: { USERNAME: started.ChallengeParameters!.USERNAME!, ANSWER: 'not-a-real-link-token' },
        ClientMetadata: { signInMethod: 'MAGIC_LINK', alreadyHaveMagicLink: 'yes' },
      }),
    )
    .then(() => undefined, (e: Error) => ({ name: e.name, message: e.message }));
  return error;
}

describe('InitiateAuth answers a known and an unknown address alike', () => {
  it('the same name gets the same id on every call, known or not, in the same shape', async () => {
    const known = (await signInNewDealer(url, 'oracle-known')).email;
    const unknown = `oracle-unknown-${randomUUID()}@example.com`;
    const [k1, k2, u1, u2] = [await initiate(known), await initiate(known), await initiate(unknown), await initiate(unknown)];
    expect(k2.ChallengeParameters!.USERNAME).toBe(k1.ChallengeParameters!.USERNAME);
    expect(u2.ChallengeParameters!.USERNAME).toBe(u1.ChallengeParameters!.USERNAME);
    for (const out of [k1, u1]) expect(out.ChallengeParameters!.USERNAME).toMatch(UUID_V4);
    expect(shape(u1)).toEqual(shape(k1));
    // Not one constant for every unknown address, and case does not matter (as for a known one).
    const other = await initiate(`oracle-other-${randomUUID()}@example.com`);
    expect(other.ChallengeParameters!.USERNAME).not.toBe(u1.ChallengeParameters!.USERNAME);
    expect((await initiate(unknown.toUpperCase())).ChallengeParameters!.USERNAME).toBe(u1.ChallengeParameters!.USERNAME);
    expect((await initiate(known.toUpperCase())).ChallengeParameters!.USERNAME).toBe(k1.ChallengeParameters!.USERNAME);
  });

  it('a name that is itself an id is answered back, whether an account has it or not', async () => {
    const dealer = await signInNewDealer(url, 'oracle-id');
    const sub = (JSON.parse(Buffer.from(dealer.accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;
    const stranger = randomUUID();
    expect((await initiate(sub)).ChallengeParameters!.USERNAME).toBe(sub);
    expect((await initiate(stranger)).ChallengeParameters!.USERNAME).toBe(stranger);
  });

  it('a wrong answer fails the same way for both', async () => {
    const known = (await signInNewDealer(url, 'oracle-wrong')).email;
    const unknown = `oracle-wrong-${randomUUID()}@example.com`;
    const [k, u] = [await wrongAnswer(known), await wrongAnswer(unknown)];
    expect(k).toEqual({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(u).toEqual(k);
  });

  it('the AWS pool\'s triggers answer a name flagged userNotFound exactly as a known one (the pool runs them for both)', async () => {
    const { loadHandler, lambdaContext } = await import('../../infra/local/handler-loader');
    const run = async (name: string, request: Record<string, unknown>) => {
      const handler = await loadHandler(name);
      const event = { version: '1', region: 'us-east-1', userPoolId: 'p', userName: randomUUID(), callerContext: { awsSdkVersion: 'x', clientId: ClientId }, triggerSource: 'x', request, response: {} };
      return ((await handler(event, lambdaContext(name))) as { response: unknown }).response;
    };
    const metadata = { signInMethod: 'MAGIC_LINK', alreadyHaveMagicLink: 'yes' };
    for (const userNotFound of [false, true]) {
      const userAttributes = userNotFound ? {} : { email: 'someone@example.com', sub: randomUUID() };
      expect(await run('auth-define-challenge', { userAttributes, session: [], clientMetadata: metadata, userNotFound }), `define, userNotFound ${userNotFound}`).toEqual({
        issueTokens: false,
        failAuthentication: false,
        challengeName: 'CUSTOM_CHALLENGE',
      });
      expect(await run('auth-create-challenge', { userAttributes, challengeName: 'CUSTOM_CHALLENGE', session: [], clientMetadata: metadata, userNotFound })).toEqual(
        await run('auth-create-challenge', { userAttributes: {}, challengeName: 'CUSTOM_CHALLENGE', session: [], clientMetadata: metadata, userNotFound: !userNotFound }),
      );
      expect(await run('auth-verify-challenge', { userAttributes, privateChallengeParameters: {}, challengeAnswer: 'a.b', clientMetadata: metadata, userNotFound })).toEqual({ answerCorrect: false });
    }
  });
});
