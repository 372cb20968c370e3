/** The ready mail's adapters, for the handlers that end packages (package-finalize, package-sweeper) only. */
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { siteOriginOf } from '../lib/site-origin';
import { createMailer } from '../mail/create-mailer';
import type { ReadyMailDeps } from './package-ready-mail';

export function readyMailAdapters(): ReadyMailDeps {
  return { accounts: new DynamoDbAccountStore(), mailer: createMailer(), siteOrigin: siteOriginOf() };
}
