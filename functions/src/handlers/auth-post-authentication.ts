import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { ensureAccountInTable } from '../accounts/ensure-account-in-table';

/**
 * Cognito PostAuthentication: the first sign-in creates the dealer's account (profile, 5 trial credits);
 * later sign-ins change nothing (idempotent).
 */
export const handler = async (event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> => {
  const attributes = event.request.userAttributes;
  await ensureAccountInTable({
    sub: attributes.sub ?? event.userName,
    email: attributes.email!,
    dealerName: attributes['custom:dealer_name'] ?? event.request.clientMetadata?.dealer_name ?? null,
  });
  return event;
};
