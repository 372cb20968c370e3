/**
 * "Your car package is ready" (issue 41, item 5): one mail when a package ends, whatever ends it (the workflow's
 * finalize, the sweeper) and however often (a task run twice, a free retry that finishes the package again later):
 * sent once through the package's mark (mail/mail-once.ts). No AWS SDK here.
 */
import { ANGLES, imageLabel } from '@shared/angles';
import { packageReadyEmailOf, type AccountStore } from '../accounts/account-store';
import { mailOnce, type MailOnceOutcome } from '../mail/mail-once';
import type { Mailer } from '../mail/mailer';
import { packageReadyMail } from '../mail/templates';
import { missingAngles, type StoredImage, type StoredPackage } from './car-package';
import type { PackageStore } from './ports';

export interface ReadyMailDeps {
  accounts: Pick<AccountStore, 'getProfile'>;
  mailer: Mailer;
  /** The site's origin, for the link to the package's own page. */
  siteOrigin: () => Promise<string>;
}

/** What became of a package's ready mail at one end. */
export type ReadyMailOutcome = MailOnceOutcome | 'not_finished';

const FINAL = new Set(['completed', 'partial_complete', 'error']);

/** The page a ready mail links to: the package's own address in the dashboard. */
export const packagePagePath = (id: string) => `/dashboard/car-packages/${id}`;

export async function mailPackageReady(
  deps: ReadyMailDeps & { store: Pick<PackageStore, 'readyMailMark'>; now?: () => Date },
  found: { pkg: StoredPackage; images: StoredImage[] },
): Promise<ReadyMailOutcome> {
  const { pkg, images } = found;
  if (!FINAL.has(pkg.status)) return 'not_finished';
  return mailOnce(
    deps.store.readyMailMark(pkg.id),
    { mailer: deps.mailer, now: deps.now?.() ?? new Date() },
    async () => {
      const profile = await deps.accounts.getProfile(pkg.user_id);
      // Off when the package ended: it stays unsent, even if the dealer turns the mail on before a later retry.
      if (!profile?.email || !packageReadyEmailOf(profile)) return undefined;
      const ordered = [...images].sort((a, b) => ANGLES.indexOf(a.angle) - ANGLES.indexOf(b.angle));
      const mail = packageReadyMail({
        name: pkg.session_name,
        status: pkg.status as 'completed' | 'partial_complete' | 'error',
        finished: ordered.filter((i) => i.angle_status === 'completed').map((i) => imageLabel(i.angle, Boolean(i.mirrored))),
        notMade: ordered.filter((i) => i.angle_status !== 'completed').map((i) => imageLabel(i.angle, false)),
        notInPackage: missingAngles(pkg, images).map((m) => imageLabel(m.angle, false)),
        link: `${await deps.siteOrigin()}${packagePagePath(pkg.id)}`,
        carLine: [pkg.stock_number ? `stock ${pkg.stock_number}` : null, pkg.vin ? `VIN ${pkg.vin}` : null].filter(Boolean).join(', ') || null,
        refunded: pkg.credit_refunded_at !== undefined,
        statusMessage: pkg.status_message,
      });
      return { to: profile.email, ...mail };
    },
    // The package is finished either way: the mail is not worth failing its end for.
    'car package ready mail',
    { packageId: pkg.id },
  );
}
