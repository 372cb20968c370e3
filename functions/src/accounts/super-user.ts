import type { Profile } from '@shared/schemas/account';
import { profileView, type AccountStore } from './account-store';
import { DynamoDbAccountStore } from './dynamodb-account-store';

/** A super user is a profile whose role is "super" (set by an operator, never by the client). */
export async function isSuperUser(accounts: AccountStore, sub: string): Promise<boolean> {
  return (await accounts.getProfile(sub))?.role === 'super';
}

/** The apiHandler `isSuperUser` option, reading profiles from the table. */
export function superUserCheck(accounts: AccountStore = new DynamoDbAccountStore()) {
  return (sub: string) => isSuperUser(accounts, sub);
}

/** Makes the account signed in with `email` a super user; undefined when nobody signed in with it yet. */
export async function promoteToSuperUser(accounts: AccountStore, email: string, now = new Date()): Promise<Profile | undefined> {
  const sub = await accounts.findSubByEmail(email.trim().toLowerCase());
  if (!sub) return undefined;
  const profile = await accounts.setRole(sub, 'super', now);
  return profile ? profileView(profile) : undefined;
}
