import { describe, expect, it } from 'vitest';
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { useLocalHost } from '../support/local-host';
import { LOCAL_USER_POOL } from '../../infra/local/host';

/** The local Cognito keeps its users in one file: sign-ups at the same moment must all be saved (bench:package signs up 10 dealers at once). */
describe('local Cognito under concurrent sign-ups', () => {
  it('ten sign-ups at once all succeed', async () => {
    const { url } = useLocalHost();
    const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito`, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } });
    const emails = Array.from({ length: 10 }, (_, i) => `together-${i}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
    const results = await Promise.allSettled(
      emails.map((email) =>
        cognito.send(
          new SignUpCommand({
            ClientId: LOCAL_USER_POOL.clientId,
            Username: email,
            Password: `P${crypto.randomUUID()}!a1`,
            UserAttributes: [{ Name: 'email', Value: email }, { Name: 'custom:dealer_name', Value: 'Together Motors' }],
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(results.every((r) => r.status === 'fulfilled' && r.value.UserConfirmed)).toBe(true);
  });
});
