import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import type { Caller } from '../http/api-handler';
import type { ResolvedMember, TeamDeps } from './team';
import { DynamoDbTeamStore } from './dynamodb-team-store';

/** Composition of the team routes' stores (DynamoDB in both homes). */
export const teamDeps = (): TeamDeps => ({ team: new DynamoDbTeamStore(), accounts: new DynamoDbAccountStore() });

/** The member a "user" route's caller is (apiHandler resolved it from the token). */
export const memberOf = (caller: Caller | undefined): ResolvedMember & { email: string } => ({
  dealershipId: caller!.sub,
  memberId: caller!.member!.id,
  role: caller!.member!.role,
  email: caller!.email ?? '',
});
