import { BatchWriteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo, ignoreConditionFailure, tableName } from '../adapters/dynamodb/client';
import { keys, rateScopes, teamKeys } from '../adapters/dynamodb/keys';
import { queryAll, queryPartition } from '../adapters/dynamodb/query-all';
import { emailHashOf } from '../auth/magic-link';
import type { ErasureStore } from './erase-account';

type Key = { PK: string; SK: string };

/** Finance keeps these whatever the request (payments, Stripe's events, coupon redemptions tied to a payment). */
const KEPT_FOR_FINANCE = ['PAYMENT#', 'STRIPE_EVENT#', 'COUPON#'];

type StoredItem = Key & Record<string, unknown>;

/** The attributes of the dealership's records that name the member who did it (issue 42). */
const MEMBER_FIELDS = ['member', 'created_by', 'shared_by'] as const;

const partition = async (pk: string) => (await queryPartition(pk)) as StoredItem[];
const indexed = async (gsi1pk: string, filter?: { expression: string; values: Record<string, unknown> }) =>
  (await queryAll({
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk, ...filter?.values },
    ...(filter ? { FilterExpression: filter.expression } : {}),
  })) as StoredItem[];

export class DynamoDbErasureStore implements ErasureStore {
  async recordRequest(sub: string, email: string, at: string): Promise<void> {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.erasureRequest(sub),
        UpdateExpression: 'SET entity = :e, user_id = :sub, email = :email, requested_at = if_not_exists(requested_at, :at)',
        ExpressionAttributeValues: { ':e': 'erasure_request', ':sub': sub, ':email': email, ':at': at },
      }),
    );
  }

  async getRecord(sub: string) {
    const out = await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.erasureRequest(sub), ConsistentRead: true }));
    if (!out.Item) return undefined;
    return { requested_at: String(out.Item.requested_at), erased_at: (out.Item.erased_at as string | undefined) ?? null, email: (out.Item.email as string | undefined) ?? null };
  }

  /**
   * The dealer's items: their own partition (profile, balance, ledger, live connections), everything on their GSI1
   * partition (car packages, batches, drafts, finished images; each package's and batch's whole partition and its
   * active marker), the trial conversions of their address (the links themselves lose the address and photos),
   * support tickets and contact messages from their address (admin inboxes, filtered), the e-mail lookup, a pending
   * sign-in link and rate counters keyed by the account or address. The profile is deleted last.
   */
  async runningExecutions(sub: string): Promise<{ packages: string[]; batches: string[] }> {
    const ofDealer = (pk: string) =>
      queryAll({ KeyConditionExpression: 'PK = :pk', FilterExpression: 'user_id = :sub', ExpressionAttributeValues: { ':pk': pk, ':sub': sub } });
    const [packages, batches] = await Promise.all([ofDealer(keys.activeCarPackagesPartition), ofDealer(keys.activeBatchesPartition)]);
    return { packages: packages.map((m) => String(m.execution_name)), batches: batches.map((m) => String(m.execution_name)) };
  }

  async trialLinksConvertedBy(email: string): Promise<string[]> {
    const conversions = await partition(keys.trialConversionPartition(email));
    return conversions.map((c) => String(c.link_id));
  }

  async eraseItems(sub: string, email: string, convertedLinks: readonly string[]): Promise<number> {
    const lower = email.toLowerCase();
    const conversions = convertedLinks.map((linkId) => keys.trialConversion(email, linkId));
    const [own, onIndex, team, tickets, messages, supportCounters, contactCounters] = await Promise.all([
      partition(keys.userPartition(sub)),
      indexed(keys.userPartition(sub)),
      // Issue 42: the dealership's memberships (active and removed) and pending invites.
      indexed(teamKeys.teamPartition(sub)),
      indexed(keys.supportTicketsIndexPartition, { expression: 'user_id = :sub', values: { ':sub': sub } }),
      indexed(keys.contactMessagesIndexPartition, { expression: 'email = :email OR email = :lower', values: { ':email': email, ':lower': lower } }),
      partition(keys.rateWindowPartition(rateScopes.supportUser, sub)),
      partition(keys.rateWindowPartition(rateScopes.contactEmail, lower)),
    ]);
    // Trial links converted to the account stay as the admin's record that they were used, without the address and photos.
    // Its transfer marker stays too (a link never transfers twice) without naming the account.
    const scrub = (Key: Key, UpdateExpression: string) =>
      ignoreConditionFailure(dynamo().send(new UpdateCommand({ TableName: tableName(), Key, UpdateExpression, ConditionExpression: 'attribute_exists(PK)' })));
    for (const linkId of convertedLinks) {
      await scrub(keys.trialLink(linkId), 'REMOVE converted_email, email, photos, pending_photos');
      await scrub(keys.trialTransferOfLink(linkId), 'REMOVE user_id');
    }
    const packageIds = [...new Set(onIndex.filter((i) => i.PK.startsWith('SESSION#')).map((i) => i.PK.slice('SESSION#'.length)))];
    const packageItems = (await Promise.all(packageIds.map((id) => partition(keys.carPackagePartition(id))))).flat();
    // Batches: their META and drafts are on the dealer's GSI1 partition (finished photos too); each batch's whole partition goes.
    const batchIds = [...new Set(onIndex.filter((i) => i.PK.startsWith('BATCH#')).map((i) => i.PK.slice('BATCH#'.length)))];
    const batchItems = (await Promise.all(batchIds.map((id) => partition(keys.batchPartition(id))))).flat();
    const found: Key[] = [
      ...onIndex,
      ...team,
      teamKeys.membership(sub),
      ...packageItems,
      ...packageIds.map((id) => keys.activeCarPackage(id)),
      ...batchItems,
      ...batchIds.map((id) => keys.activeBatch(id)),
      ...conversions,
      ...tickets,
      ...messages,
      ...supportCounters,
      ...contactCounters,
      keys.emailLookup(email),
      keys.magicLink(emailHashOf(email)),
      ...own,
    ];
    const profile = keys.profile(sub);
    const seen = new Set<string>();
    const doomed = found
      .map(({ PK, SK }) => ({ PK, SK }))
      .filter((k) => !KEPT_FOR_FINANCE.some((p) => k.PK.startsWith(p)))
      .filter((k) => !(k.PK === profile.PK && k.SK === profile.SK))
      .filter((k) => !seen.has(`${k.PK}|${k.SK}`) && seen.add(`${k.PK}|${k.SK}`));
    await deleteAll(doomed);
    await deleteAll([profile]);
    return doomed.length + 1;
  }

  async teamMembers(dealershipId: string) {
    const items = await indexed(teamKeys.teamPartition(dealershipId));
    return items
      .filter((i) => i.entity === 'team_membership' && i.person_sub !== dealershipId && i.dealership_id === dealershipId)
      .map((i) => ({ person_sub: String(i.person_sub), email: String(i.email) }));
  }

  async forgetMember(dealershipId: string, memberSub: string, email: string): Promise<number> {
    const [own, onIndex, team] = await Promise.all([partition(keys.userPartition(dealershipId)), indexed(keys.userPartition(dealershipId)), indexed(teamKeys.teamPartition(dealershipId))]);
    const packageIds = [...new Set(onIndex.filter((i) => i.PK.startsWith('SESSION#')).map((i) => i.PK.slice('SESSION#'.length)))];
    const packageItems = (await Promise.all(packageIds.map((id) => partition(keys.carPackagePartition(id))))).flat();
    const former = { id: memberSub, email: null, former: true };
    let changed = 0;
    const seen = new Set<string>();
    for (const item of [...own, ...onIndex, ...packageItems]) {
      if (seen.has(`${item.PK}|${item.SK}`)) continue;
      seen.add(`${item.PK}|${item.SK}`);
      // The attributes that name who did it (issue 42): ledger entries' member, packages' and drafts' created_by.
      const fields = MEMBER_FIELDS.filter((f) => (item[f] as { id?: unknown } | undefined)?.id === memberSub && !(item[f] as { former?: unknown }).former);
      if (!fields.length) continue;
      await ignoreConditionFailure(
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :former`).join(', ')}`,
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
            ExpressionAttributeValues: { ':former': former },
          }),
        ),
      );
      changed++;
    }
    // Invites they sent, still pending: the inviter's address goes.
    for (const invite of team.filter((i) => i.entity === 'team_invite' && i.invited_by === email)) {
      await ignoreConditionFailure(
        dynamo().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { PK: invite.PK, SK: invite.SK },
            UpdateExpression: 'SET invited_by = :former',
            ConditionExpression: 'attribute_exists(PK)',
            ExpressionAttributeValues: { ':former': 'a former member' },
          }),
        ),
      );
      changed++;
    }
    await deleteAll([keys.magicLink(emailHashOf(email))]);
    return changed;
  }

  async markErased(sub: string, at: string, counts: { items: number; objects: number }): Promise<void> {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.erasureRequest(sub),
        UpdateExpression: 'SET erased_at = :at, items_erased = :items, objects_erased = :objects REMOVE email',
        ExpressionAttributeValues: { ':at': at, ':items': counts.items, ':objects': counts.objects },
      }),
    );
  }
}

/** BatchWriteItem in chunks of 25, sending again what DynamoDB left unprocessed. Deleting an absent key is fine. */
async function deleteAll(doomed: Key[]): Promise<void> {
  for (let i = 0; i < doomed.length; i += 25) {
    let requests: Record<string, unknown>[] = doomed.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; requests.length; attempt++) {
      const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
      requests = (out.UnprocessedItems?.[tableName()] ?? []) as Record<string, unknown>[];
      if (requests.length && attempt >= 8) throw new Error('DynamoDB left deletes unprocessed');
      if (requests.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}
