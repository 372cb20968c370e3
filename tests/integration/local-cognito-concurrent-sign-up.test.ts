import { describe, expect, it } from 'vitest';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { useLocalHost } from '../support/local-host';
import { LOCAL_USER_POOL } from '../../infra/local/local-user-pool';

/** The local Cognito keeps its users in one file: accounts created at the same moment must all be saved (bench:package signs up 10 dealers at once). */
describe('local Cognito under concurrent sign-ups', () => {
  it('ten trial sign-ups at once all create a confirmed account', async () => {
    const { url } = useLocalHost();
    const emails = Array.from({ length: 10 }, (_, i) => `together-${i}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`);
    const answers = await Promise.all(
      emails.map((email) =>
        fetch(`${url}/api/auth/magic-link`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, trial: true, dealer_name: 'Together Motors' }) }).then((r) => r.status),
      ),
    );
    expect(answers).toEqual(emails.map(() => 202));
    // The admin API with the host's own key (the test run's environment has it).
    const cognito = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: `${url}/_local/cognito` });
    const users = await Promise.all(emails.map((Username) => cognito.send(new AdminGetUserCommand({ UserPoolId: LOCAL_USER_POOL.userPoolId, Username }))));
    expect(users.map((u) => u.UserStatus)).toEqual(emails.map(() => 'CONFIRMED'));
    expect(users.map((u) => u.UserAttributes?.find((a) => a.Name === 'custom:dealer_name')?.Value)).toEqual(emails.map(() => 'Together Motors'));
    cognito.destroy();
  });
});
