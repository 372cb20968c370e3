/** The real adapters of the dealers tab: every one DynamoDB. */
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { DynamoDbPackageStore } from '../car-packages/dynamodb-package-store';
import { DynamoDbCreditStore } from '../credits/dynamodb-credit-store';
import type { DealerAdminDeps } from './dealer-admin';
import { DynamoDbLedgerPages } from './dynamodb-ledger-pages';
import { DynamoDbRoleChangeStore } from './dynamodb-role-change-store';
import { DynamoDbTeamStore } from '../team/dynamodb-team-store';

export function dealerAdminAdapters(): DealerAdminDeps {
  return { accounts: new DynamoDbAccountStore(), credits: new DynamoDbCreditStore(), packages: new DynamoDbPackageStore(), roles: new DynamoDbRoleChangeStore(), ledger: new DynamoDbLedgerPages(), team: new DynamoDbTeamStore() };
}
