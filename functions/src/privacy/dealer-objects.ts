/**
 * Where a dealer's files are in the buckets: what an account erasure deletes, and (without the dealer's sub) where the
 * erase-account handler's S3 grants apply (infra/cdk/handler-permissions.ts). Only imports without side effects or
 * heavy dependencies: the CDK app reads it at synth.
 */

import { logoKeys } from '../accounts/logo-keys';
import { attachmentPrefix } from '../support/attachment-keys';
import { trialLinkPrefix } from '../trial/trial-link';

export type Bucket = 'uploads' | 'renders';

/** Every S3 prefix that holds a dealer's files. A feature that stores files under another prefix adds it here. */
export const dealerObjectPrefixes = (sub: string): { bucket: Bucket; prefix: string }[] => [
  { bucket: 'uploads', prefix: `drafts/car-packages/${sub}/` },
  { bucket: 'uploads', prefix: `car-packages/${sub}/` },
  { bucket: 'uploads', prefix: attachmentPrefix(sub) },
  { bucket: 'uploads', prefix: logoKeys.prefix(sub) },
  { bucket: 'uploads', prefix: `drafts/batches/${sub}/` },
  { bucket: 'uploads', prefix: `batches/${sub}/` },
  { bucket: 'renders', prefix: `car-packages/${sub}/` },
  { bucket: 'renders', prefix: `batches/${sub}/` },
];

/** The photos a prospect uploaded through a trial link that converted to this account (kept 30 days at most). */
export const trialLinkObjectPrefix = (linkId: string) => ({ bucket: 'uploads' as const, prefix: trialLinkPrefix(linkId) });

/**
 * The prefixes above up to the dealer's sub (or the trial link's id): one role serves every dealer, so the IAM grant
 * names the feature's prefix and the code puts every key under the caller's sub.
 */
export function erasurePrefixes(): Record<Bucket, string[]> {
  const hole = '\u0000';
  const upTo = (prefix: string) => prefix.slice(0, prefix.indexOf(hole));
  const all = [...dealerObjectPrefixes(hole), trialLinkObjectPrefix(hole)].map((p) => ({ bucket: p.bucket, prefix: upTo(p.prefix) }));
  const of = (bucket: Bucket) => [...new Set(all.filter((p) => p.bucket === bucket).map((p) => p.prefix))];
  return { uploads: of('uploads'), renders: of('renders') };
}
