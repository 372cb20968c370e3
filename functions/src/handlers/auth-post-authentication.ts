import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { ensureAccountInTable } from '../accounts/ensure-account-in-table';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { DynamoDbTeamStore } from '../team/dynamodb-team-store';
import { joinOnSignIn } from '../team/team';

const teamDeps = { team: new DynamoDbTeamStore(), accounts: new DynamoDbAccountStore() };

/**
 * Cognito PostAuthentication: the first sign-in of a person invited to a dealership joins it (issue 42); otherwise
 * the first sign-in creates the dealer's own account (profile, 5 trial credits); later sign-ins change nothing
 * (idempotent). A member gets no account of their own.
 */
export const handler = async (event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> => {
  const attributes = event.request.userAttributes;
  const sub = attributes.sub ?? event.userName;
  if ((await joinOnSignIn(teamDeps, { sub, email: attributes.email! })) === 'member') return event;
  await ensureAccountInTable({
    sub,
    email: attributes.email!,
    dealerName: attributes['custom:dealer_name'] ?? event.request.clientMetadata?.dealer_name ?? null,
  });
  return event;
};
