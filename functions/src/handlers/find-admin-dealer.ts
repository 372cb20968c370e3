import { findDealerQuerySchema } from '@shared/schemas/admin-dealers';
import { superUserCheck } from '../accounts/super-user';
import { dealerAdminAdapters } from '../dealers/adapters';
import { findDealer } from '../dealers/dealer-admin';
import { apiHandler } from '../http/api-handler';

const deps = dealerAdminAdapters();

/** Super users only: the dealer signed in with an e-mail, with balance, recent ledger, car packages and role history. */
export const handler = apiHandler('find-admin-dealer', { isSuperUser: superUserCheck(deps.accounts), query: findDealerQuerySchema }, async ({ query }) => ({
  body: await findDealer(deps, query.email),
}));
