import { getRuntimeConfig } from '@/lib/runtime-config';

type AuthModule = typeof import('aws-amplify/auth');
let loading: Promise<AuthModule> | null = null;

/**
 * Amplify is large, so it is imported only when a dialog sends something, never with the landing page.
 * It is configured once from the runtime configuration (locally it talks to the local Cognito endpoint).
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
