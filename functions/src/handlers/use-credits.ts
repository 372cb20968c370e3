import { useCreditsRequestSchema, type UseCreditsResponse } from '@shared/schemas/credit-balance';
import { apiHandler } from '../http/api-handler';
import { assertOwnUserId } from '../accounts/own-account';
import { useCredits } from '../credits/credit-changes';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';
import { createUserNotifier } from '../realtime/notify-user';

const store = new DynamoDbCreditStore();
const notify = createUserNotifier();

/** Spends the caller's credits once per idempotency key; 402 with "Insufficient credits. Need n, have m". */
export const handler = apiHandler('use-credits', { body: useCreditsRequestSchema }, async ({ body, caller }) => {
  assertOwnUserId(caller!.sub, body.user_id);
  const result = await useCredits(
    { store },
    { sub: caller!.sub, credits: body.credits_to_use, description: body.description, metadata: body.metadata, idempotencyKey: body.idempotency_key },
  );
  await notify(caller!.sub, { type: 'balance.updated' });
  const response: UseCreditsResponse = { success: true, transaction_id: result.transaction_id, credits_used: -result.credits, balance: result.balance };
  return { body: response };
});
