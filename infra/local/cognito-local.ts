import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, sign, type KeyObject } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { sha256 } from '../../functions/src/lib/ids';
import { lambdaContext, loadHandler } from './handler-loader';
import { pseudoUsername } from './local-secrets';
import { checkHeaderSignature, type LocalCredentials } from './sigv4-header';

/**
 * The subset of Cognito's user pool API that Amplify v6 uses for passwordless sign-in (SignUp, InitiateAuth
 * with CUSTOM_AUTH and REFRESH_TOKEN_AUTH, GetTokensFromRefreshToken, RespondToAuthChallenge, GetUser, GlobalSignOut,
 * RevokeToken), speaking
 * Cognito's JSON protocol. It calls the project's real trigger handlers with Cognito's event shapes and
 * issues RS256 JWTs with Cognito's claims, published as a JWKS.
 */
interface LocalUser {
  username: string;
  email: string;
  attributes: Record<string, string>;
  status: 'CONFIRMED' | 'UNCONFIRMED' | 'FORCE_CHANGE_PASSWORD';
  createdAt: string;
  /** Hashes of refresh tokens still valid. */
  refreshTokens: string[];
}

interface AuthSession {
  username: string;
  userNotFound: boolean;
  rounds: { challengeName: string; challengeResult: boolean; challengeMetadata?: string }[];
  privateParameters: Record<string, string>;
  expiresAt: number;
}

export interface LocalCognitoOptions {
  dataDir: string;
  issuerBase: string;
  userPoolId: string;
  clientId: string;
  region: string;
  /** Cognito's selfSignUpEnabled (off, as in the AWS pool; tests of the stand-in itself may switch it on). */
  allowSelfSignUp?: boolean;
  /** Keys the stable USERNAME answered for a name no account has (the data folder's secret: pseudoUsername). */
  unknownUserKey: string;
  /** The credentials the admin API accepts (IAM in AWS): the data folder's generated key (checkHeaderSignature). */
  adminCredentials: readonly LocalCredentials[];
}

class CognitoError extends Error {
  constructor(readonly type: string, message: string) {
    super(message);
  }
}

const SESSION_LIFETIME_MS = 3 * 60 * 1000;
const TOKEN_LIFETIME_S = 3600;

export async function createLocalCognito(opts: LocalCognitoOptions) {
  const dir = join(opts.dataDir, 'cognito');
  await mkdir(dir, { recursive: true });
  const usersFile = join(dir, 'users.json');
  const keyFile = join(dir, 'jwt-signing-key.pem');
  const issuer = `${opts.issuerBase}/${opts.userPoolId}`;

  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(await readFile(keyFile, 'utf8'));
  } catch {
    privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  const kid = sha256(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64')).slice(0, 16);
  const jwks = { keys: [{ ...(createPublicKey(privateKey).export({ format: 'jwk' }) as Record<string, string>), kid, alg: 'RS256', use: 'sig' }] };

  const users: Record<string, LocalUser> = JSON.parse(await readFile(usersFile, 'utf8').catch(() => '{}'));
  // One write at a time: concurrent sign-ups would otherwise rename the same temporary file twice (ENOENT).
  let saving: Promise<void> = Promise.resolve();
  const saveUsers = () =>
    (saving = saving
      .catch(() => undefined)
      .then(async () => {
        await writeFile(`${usersFile}.tmp`, JSON.stringify(users, null, 2));
        await rename(`${usersFile}.tmp`, usersFile);
      }));
  const byEmail = (email: string) => Object.values(users).find((u) => u.email === email.trim().toLowerCase());
  const adminUser = (body: Record<string, unknown>) => {
    if (body.UserPoolId !== opts.userPoolId) throw new CognitoError('ResourceNotFoundException', 'User pool does not exist.');
    const name = String(body.Username ?? '');
    return byEmail(name) ?? users[name];
  };
  const sessions = new Map<string, AuthSession>();

  const jwt = (claims: Record<string, unknown>) => {
    const header = Buffer.from(JSON.stringify({ kid, alg: 'RS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${header}.${body}.${sign('RSA-SHA256', Buffer.from(`${header}.${body}`), privateKey).toString('base64url')}`;
  };

  const tokensFor = (user: LocalUser, withRefresh: boolean) => {
    const now = Math.floor(Date.now() / 1000);
    const common = { sub: user.username, iss: issuer, auth_time: now, iat: now, exp: now + TOKEN_LIFETIME_S, jti: randomUUID(), event_id: randomUUID() };
    const IdToken = jwt({
      ...common,
      aud: opts.clientId,
      token_use: 'id',
      email: user.email,
      email_verified: true,
      'cognito:username': user.username,
      ...Object.fromEntries(Object.entries(user.attributes).filter(([k]) => k.startsWith('custom:'))),
    });
    const AccessToken = jwt({ ...common, client_id: opts.clientId, token_use: 'access', scope: 'aws.cognito.signin.user.admin', username: user.username });
    const result: Record<string, unknown> = { AccessToken, IdToken, ExpiresIn: TOKEN_LIFETIME_S, TokenType: 'Bearer' };
    if (withRefresh) {
      const refresh = randomBytes(48).toString('base64url');
      user.refreshTokens.push(sha256(refresh));
      result.RefreshToken = refresh;
    }
    return result;
  };

  const accessVerifier = JwtRsaVerifier.create({ issuer, audience: null, tokenUse: 'access' } as never);
  (accessVerifier as unknown as { cacheJwks(j: unknown): void }).cacheJwks(jwks);
  const idOrAccessVerifier = JwtRsaVerifier.create({ issuer, audience: null } as never);
  (idOrAccessVerifier as unknown as { cacheJwks(j: unknown): void }).cacheJwks(jwks);

  /** As the HTTP API JWT authorizer: issuer, signature, expiry, and `aud` or `client_id` equal to the app client. */
  const verifyJwt = async (token: string): Promise<Record<string, unknown> | undefined> => {
    try {
      const claims = (await idOrAccessVerifier.verify(token)) as unknown as Record<string, unknown>;
      if (claims.aud !== opts.clientId && claims.client_id !== opts.clientId) return undefined;
      return claims;
    } catch {
      return undefined;
    }
  };

  const userFromAccessToken = async (token: string) => {
    let claims: Record<string, unknown>;
    try {
      claims = (await accessVerifier.verify(token)) as unknown as Record<string, unknown>;
    } catch {
      throw new CognitoError('NotAuthorizedException', 'Invalid Access Token');
    }
    const user = users[String(claims.sub)];
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    return user;
  };

  const trigger = async (name: string, event: Record<string, unknown>) => {
    const handler = await loadHandler(name);
    return (await handler(event, lambdaContext(name))) as { response: Record<string, unknown> };
  };
  const baseEvent = (triggerSource: string, user: { username: string; attributes: Record<string, string> }) => ({
    version: '1',
    region: opts.region,
    userPoolId: opts.userPoolId,
    userName: user.username,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: opts.clientId },
    triggerSource,
  });
  const attributesOf = (user: LocalUser) => ({ sub: user.username, email: user.email, email_verified: 'true', 'cognito:user_status': user.status, ...user.attributes });

  /** One round: Define, then Create when a challenge is next. */
  const nextChallenge = async (sessionId: string, s: AuthSession, clientMetadata: Record<string, string> | undefined) => {
    const user = users[s.username];
    const userAttributes = user ? attributesOf(user) : {};
    const who = { username: s.username, attributes: userAttributes };
    const defined = await trigger('auth-define-challenge', {
      ...baseEvent('DefineAuthChallenge_Authentication', who),
      request: { userAttributes, session: s.rounds, clientMetadata, userNotFound: s.userNotFound },
      response: {},
    });
    if (defined.response.failAuthentication) throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
    if (defined.response.issueTokens) {
      if (!user || s.userNotFound) throw new CognitoError('NotAuthorizedException', 'Incorrect username or password.');
      await trigger('auth-post-authentication', {
        ...baseEvent('PostAuthentication_Authentication', who),
        request: { userAttributes, newDeviceUsed: false, clientMetadata },
        response: {},
      });
      const result = tokensFor(user, true);
      await saveUsers();
      sessions.delete(sessionId);
      return { AuthenticationResult: result, ChallengeParameters: {} };
    }
    const created = await trigger('auth-create-challenge', {
      ...baseEvent('CreateAuthChallenge_Authentication', who),
      request: { userAttributes, challengeName: 'CUSTOM_CHALLENGE', session: s.rounds, clientMetadata, userNotFound: s.userNotFound },
      response: {},
    });
    s.privateParameters = (created.response.privateChallengeParameters as Record<string, string>) ?? {};
    s.rounds.push({ challengeName: 'CUSTOM_CHALLENGE', challengeResult: false, challengeMetadata: created.response.challengeMetadata as string | undefined });
    const newId = randomBytes(32).toString('base64url');
    sessions.delete(sessionId);
    sessions.set(newId, { ...s, expiresAt: Date.now() + SESSION_LIFETIME_MS });
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: newId,
      ChallengeParameters: { ...(created.response.publicChallengeParameters as Record<string, string>), USERNAME: s.username },
    };
  };

  const operations: Record<string, (body: Record<string, any>) => Promise<unknown>> = {
    async SignUp(body) {
      if (body.ClientId !== opts.clientId) throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
      // As the AWS pool (selfSignUpEnabled: false): accounts are made by POST /api/auth/magic-link through the admin API.
      if (!opts.allowSelfSignUp) throw new CognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
      const email = String(body.Username ?? '').trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
      if (byEmail(email)) throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
      const attributes = Object.fromEntries(((body.UserAttributes ?? []) as { Name: string; Value: string }[]).filter((a) => a.Name !== 'email').map((a) => [a.Name, String(a.Value)]));
      const user: LocalUser = { username: randomUUID(), email, attributes, status: 'UNCONFIRMED', createdAt: new Date().toISOString(), refreshTokens: [] };
      const pre = await trigger('auth-pre-sign-up', {
        ...baseEvent('PreSignUp_SignUp', user),
        request: { userAttributes: { email, ...attributes }, validationData: body.ValidationData ?? {}, clientMetadata: body.ClientMetadata },
        response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
      });
      if (pre.response.autoConfirmUser) user.status = 'CONFIRMED';
      users[user.username] = user;
      await saveUsers();
      return { UserConfirmed: user.status === 'CONFIRMED', UserSub: user.username };
    },

    /** The admin API (IAM-signed in AWS): only callers holding the local credentials' signature get in. */
    async AdminGetUser(body) {
      const user = adminUser(body);
      if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      return {
        Username: user.username,
        UserStatus: user.status,
        Enabled: true,
        UserCreateDate: Date.parse(user.createdAt) / 1000,
        UserAttributes: Object.entries(attributesOf(user)).filter(([k]) => !k.startsWith('cognito:')).map(([Name, Value]) => ({ Name, Value })),
      };
    },

    async AdminCreateUser(body) {
      if (body.UserPoolId !== opts.userPoolId) throw new CognitoError('ResourceNotFoundException', 'User pool does not exist.');
      const email = String(body.Username ?? '').trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
      if (byEmail(email)) throw new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
      const attributes = Object.fromEntries(
        ((body.UserAttributes ?? []) as { Name: string; Value: string }[]).filter((a) => a.Name !== 'email' && a.Name !== 'email_verified').map((a) => [a.Name, String(a.Value)]),
      );
      // Cognito: an admin-created user must change its temporary password before sign-in (FORCE_CHANGE_PASSWORD).
      const user: LocalUser = { username: randomUUID(), email, attributes, status: 'FORCE_CHANGE_PASSWORD', createdAt: new Date().toISOString(), refreshTokens: [] };
      await trigger('auth-pre-sign-up', {
        ...baseEvent('PreSignUp_AdminCreateUser', user),
        request: { userAttributes: { email, ...attributes }, validationData: {}, clientMetadata: body.ClientMetadata },
        response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
      });
      users[user.username] = user;
      await saveUsers();
      return { User: { Username: user.username, UserStatus: user.status, Enabled: true } };
    },

    async AdminSetUserPassword(body) {
      const user = adminUser(body);
      if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      if (body.Permanent === true) user.status = 'CONFIRMED';
      await saveUsers();
      return {};
    },

    /** Account erasure: the user and every refresh token of theirs are gone. */
    async AdminUserGlobalSignOut(body) {
      const user = adminUser(body);
      if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      user.refreshTokens = [];
      await saveUsers();
      return {};
    },

    async AdminDeleteUser(body) {
      const user = adminUser(body);
      if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
      delete users[user.username];
      await saveUsers();
      return {};
    },

    async InitiateAuth(body) {
      if (body.ClientId !== opts.clientId) throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
      if (body.AuthFlow === 'REFRESH_TOKEN_AUTH' || body.AuthFlow === 'REFRESH_TOKEN') {
        const hash = sha256(String(body.AuthParameters?.REFRESH_TOKEN ?? ''));
        const user = Object.values(users).find((u) => u.refreshTokens.includes(hash));
        if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
        return { AuthenticationResult: tokensFor(user, false), ChallengeParameters: {} };
      }
      if (body.AuthFlow !== 'CUSTOM_AUTH') throw new CognitoError('InvalidParameterException', `${body.AuthFlow} flow not enabled for this client`);
      const name = String(body.AuthParameters?.USERNAME ?? '');
      const found = byEmail(name) ?? users[name.trim().toLowerCase()];
      const confirmed = found?.status === 'CONFIRMED' ? found : undefined;
      // An unknown name goes through the same conversation (the triggers told userNotFound; no mail is sent) under an
      // id as stable as an account's: the answer says nothing about whether the account exists.
      const s: AuthSession = {
        username: confirmed?.username ?? pseudoUsername(opts.unknownUserKey, name),
        userNotFound: !confirmed,
        rounds: [],
        privateParameters: {},
        expiresAt: Date.now() + SESSION_LIFETIME_MS,
      };
      return nextChallenge('', s, body.ClientMetadata);
    },

    async RespondToAuthChallenge(body) {
      const s = sessions.get(String(body.Session ?? ''));
      if (!s || s.expiresAt < Date.now()) throw new CognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.');
      const user = users[s.username];
      const userAttributes = user ? attributesOf(user) : {};
      const verified = await trigger('auth-verify-challenge', {
        ...baseEvent('VerifyAuthChallengeResponse_Authentication', { username: s.username, attributes: userAttributes }),
        request: {
          userAttributes,
          privateChallengeParameters: s.privateParameters,
          challengeAnswer: String(body.ChallengeResponses?.ANSWER ?? ''),
          clientMetadata: body.ClientMetadata,
          userNotFound: s.userNotFound,
        },
        response: { answerCorrect: false },
      });
      s.rounds.at(-1)!.challengeResult = verified.response.answerCorrect === true;
      return nextChallenge(String(body.Session), s, body.ClientMetadata);
    },

    /** What Amplify 6.21+ calls to refresh tokens (the refresh token itself is kept: no rotation). */
    async GetTokensFromRefreshToken(body) {
      if (body.ClientId !== opts.clientId) throw new CognitoError('ResourceNotFoundException', 'User pool client does not exist.');
      const hash = sha256(String(body.RefreshToken ?? ''));
      const user = Object.values(users).find((u) => u.refreshTokens.includes(hash));
      if (!user) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
      return { AuthenticationResult: tokensFor(user, false) };
    },

    async GetUser(body) {
      const user = await userFromAccessToken(String(body.AccessToken ?? ''));
      return { Username: user.username, UserAttributes: Object.entries(attributesOf(user)).filter(([k]) => !k.startsWith('cognito:')).map(([Name, Value]) => ({ Name, Value })) };
    },

    async GlobalSignOut(body) {
      const user = await userFromAccessToken(String(body.AccessToken ?? ''));
      user.refreshTokens = [];
      await saveUsers();
      return {};
    },

    async RevokeToken(body) {
      const hash = sha256(String(body.Token ?? ''));
      for (const user of Object.values(users)) user.refreshTokens = user.refreshTokens.filter((t) => t !== hash);
      await saveUsers();
      return {};
    },
  };

  return {
    issuer,
    jwks,
    verifyJwt,

    async handle(req: IncomingMessage, res: ServerResponse, prefix: string) {
      const path = (req.url ?? '').slice(prefix.length).split('?')[0];
      if (req.method === 'GET' && path === `/${opts.userPoolId}/.well-known/jwks.json`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(jwks));
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const op = target.startsWith('AWSCognitoIdentityProviderService.') ? target.slice('AWSCognitoIdentityProviderService.'.length) : '';
      const reply = (status: number, body: unknown, errorType?: string) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || !operations[op]) return reply(400, { __type: 'InvalidAction', message: `Unsupported operation ${op || '(none)'}` }, 'InvalidAction');
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      // Admin operations need IAM credentials in AWS; here a request SigV4-signed with the data folder's own key.
      if (op.startsWith('Admin')) {
        const check = checkHeaderSignature({ method: req.method, url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) }, opts.adminCredentials);
        if (!check.ok) return reply(400, { __type: check.code, message: check.message }, check.code);
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return reply(400, { __type: 'SerializationException', message: 'Malformed JSON' }, 'SerializationException');
      }
      try {
        reply(200, await operations[op]!(body));
      } catch (error) {
        if (error instanceof CognitoError) return reply(400, { __type: error.type, message: error.message }, error.type);
        // A trigger that throws fails the call as Cognito does: UserLambdaValidationException with its message.
        const message = (error as Error).message ?? 'Trigger failed';
        console.error(`local Cognito ${op}: a trigger failed: ${message}`);
        reply(400, { __type: 'UserLambdaValidationException', message }, 'UserLambdaValidationException');
      }
    },
  };
}

export type LocalCognito = Awaited<ReturnType<typeof createLocalCognito>>;
