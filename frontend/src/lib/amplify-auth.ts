import { getRuntimeConfig } from './runtime-config';

type AuthModule = typeof import('aws-amplify/auth');
let loading: Promise<AuthModule> | null = null;

/**
 * Amplify is large, so it is imported only when something needs the sign-in (a dialog sends, a link is opened, a
 * dashboard page loads), never with the landing page. It is configured once from the runtime configuration
 * (locally it talks to the local Cognito endpoint). Token refresh is Amplify's own.
 */
export function loadAuth(): Promise<AuthModule> {
  loading ??= (async () => {
    const [{ Amplify }, auth] = await Promise.all([import('aws-amplify'), import('aws-amplify/auth')]);
    const config = getRuntimeConfig();
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    return auth;
  })().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** The signed-in dealer's access token (refreshed by Amplify when it is about to expire), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const auth = await loadAuth();
  try {
    const session = await auth.fetchAuthSession();
    return session.tokens?.accessToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/**
 * When the sign-in of this session happened: the token's auth_time, set by Cognito (a refreshed token keeps the
 * original sign-in's, as OpenID Connect has it). Null when signed out.
 */
export async function getSignInTime(): Promise<Date | null> {
  const auth = await loadAuth();
  try {
    const session = await auth.fetchAuthSession();
    const at = session.tokens?.accessToken?.payload.auth_time;
    return typeof at === 'number' ? new Date(at * 1000) : null;
  } catch {
    return null;
  }
}
