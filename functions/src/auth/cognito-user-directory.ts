import { randomBytes } from 'node:crypto';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { SignInDirectory } from '../privacy/erase-account';
import type { UserDirectory } from './request-magic-link';

/** Cognito wants a password even for passwordless users; nobody ever knows or uses this one. */
const unusablePassword = () => `${randomBytes(24).toString('hex')}Aa1!`;

/**
 * The user pool through Cognito's admin API (self sign-up is off: accounts are created here, so the public SignUp
 * API cannot be used to probe for addresses). Usernames are the e-mail (the pool signs in by e-mail).
 */
export class CognitoUserDirectory implements UserDirectory, SignInDirectory {
  private readonly client: CognitoIdentityProviderClient;

  constructor(
    private readonly userPoolId: string,
    region: string,
    endpoint?: string,
  ) {
    this.client = new CognitoIdentityProviderClient({ region, ...(endpoint ? { endpoint } : {}) });
  }

  async find(email: string): Promise<string | undefined> {
    try {
      const user = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: email }));
      if (user.Enabled === false || user.UserStatus !== 'CONFIRMED') return undefined;
      return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? user.Username;
    } catch (error) {
      if ((error as Error).name === 'UserNotFoundException') return undefined;
      throw error;
    }
  }

  async createIfAbsent(email: string, dealerName: string | null): Promise<{ userName: string; created: boolean }> {
    const existing = await this.find(email);
    if (existing) return { userName: existing, created: false };
    let created = true;
    try {
      await this.client.send(
        new AdminCreateUserCommand({
          UserPoolId: this.userPoolId,
          Username: email,
          MessageAction: 'SUPPRESS',
          TemporaryPassword: unusablePassword(),
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'email_verified', Value: 'true' },
            ...(dealerName ? [{ Name: 'custom:dealer_name', Value: dealerName }] : []),
          ],
        }),
      );
    } catch (error) {
      // Two requests for the same new address at once: the other one created it.
      if ((error as Error).name !== 'UsernameExistsException') throw error;
      created = false;
    }
    // A permanent (unknown) password confirms the account, so the custom auth flow issues tokens for it.
    await this.client.send(new AdminSetUserPasswordCommand({ UserPoolId: this.userPoolId, Username: email, Password: unusablePassword(), Permanent: true }));
    const userName = await this.find(email);
    if (!userName) throw new Error('the account just created cannot be found');
    return { userName, created };
  }

  /** Account erasure: every refresh token revoked, then the user deleted (an absent user is already gone). */
  async deleteUser(email: string): Promise<void> {
    const input = { UserPoolId: this.userPoolId, Username: email };
    try {
      await this.client.send(new AdminUserGlobalSignOutCommand(input));
      await this.client.send(new AdminDeleteUserCommand(input));
    } catch (error) {
      if ((error as Error).name !== 'UserNotFoundException') throw error;
    }
  }
}
