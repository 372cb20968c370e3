import { MESSAGES } from '@shared/messages';
import { apiHandler } from '../http/api-handler';
import { keyAdmission } from '../api-keys/key-admission';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';
import { getCreditBalance } from '../credits/read-credits';
import { DomainError } from '../lib/errors';

const deps = { store: new DynamoDbCreditStore() };

/** Public API: the dealer's usable credits per bucket (the app's balance read). */
export const handler = apiHandler('v1-get-credit-balance', { admitKeyCall: keyAdmission() }, async ({ caller }) => {
  const balance = await getCreditBalance(deps, caller!.sub);
  if (!balance) throw new DomainError('not_found', MESSAGES.accountNotFound);
  return { body: balance };
});
