import { MESSAGES } from '@shared/messages';
import type { AccountStore } from '../accounts/account-store';
import { DomainError } from '../lib/errors';

/** The super user's sign-in e-mail, recorded on what they create or change (access tokens carry no e-mail). */
export async function callerEmail(accounts: AccountStore, sub: string): Promise<string> {
  const profile = await accounts.getProfile(sub);
  if (!profile) throw new DomainError('not_found', MESSAGES.accountNotFound);
  return profile.email;
}
