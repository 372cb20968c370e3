import { updateProfileRequestSchema } from '@shared/schemas/account';
import { apiHandler } from '../http/api-handler';
import { updateProfile } from '../accounts/profile';
import { assertOwnUserId } from '../accounts/own-account';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';

const deps = { accounts: new DynamoDbAccountStore(), credits: new DynamoDbCreditStore() };

/** Settings: dealer name, logo URL, the plate default, the ready mail and the car page contact of the caller's own profile. */
export const handler = apiHandler('update-profile', { body: updateProfileRequestSchema }, async ({ body, caller }) => {
  assertOwnUserId(caller!.sub, body.user_id);
  const { dealer_name, logo_url, plate_treatment, package_ready_email, contact_phone, contact_address, contact_email } = body;
  const profile = await updateProfile(deps, caller!.sub, { dealer_name, logo_url, plate_treatment, package_ready_email, contact_phone, contact_address, contact_email });
  return { body: { profile } };
});
