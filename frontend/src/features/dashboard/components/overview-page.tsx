import type { ReactNode } from 'react';
import { usePageMeta } from '@/lib/page-meta';
import { useMe } from '../api/account';
import { useSignInTime } from '../api/sign-in-time';
import { CreditBalanceCard } from './credit-balance-card';
import { FALLBACK_DEALER_NAME } from './format';
import { greeting, isFirstVisit } from './greeting';
import { PageHeading } from './page-heading';
import { RecentTransactions } from './recent-transactions';
import { TeamInviteBanner } from './team-invite-banner';

export interface OverviewPageProps {
  /** Cards beside the credit balance (the app puts the car package activity and the Create Package card there). */
  summary?: ReactNode;
  /** A list beside the recent credit activity (the app puts Recent Car Packages there). */
  recent?: ReactNode;
  /** Under the credit balance (the app puts the purchase dialog's Buy Credits button there). */
  balanceAction?: ReactNode;
}

/** /dashboard: welcome line, credit balance and what other features add, recent credit activity. */
export function OverviewPage({ summary, recent, balanceAction }: OverviewPageProps) {
  usePageMeta('Dashboard', 'Your credits and car packages at a glance.');
  const me = useMe();
  const signedInAt = useSignInTime();
  const profile = me.data?.profile;
  const name = profile?.dealer_name || FALLBACK_DEALER_NAME;
  // "Welcome back" only once the account is known to be older than this sign-in (./greeting.ts).
  const welcome = profile && !signedInAt.isPending ? greeting(name, isFirstVisit(profile.created_at, signedInAt.data ?? null)) : 'Welcome!';
  return (
    <section>
      <PageHeading title="Dashboard" description={<span data-testid="dashboard-greeting">{welcome}</span>} />
      <TeamInviteBanner />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CreditBalanceCard userType={me.data?.profile.user_type} trialRefused={me.data?.profile.trial_credits_refused ?? null} action={balanceAction} />
        {summary}
        {recent}
        {/* Photographers see no payments or ledger (issue 42). */}
        {me.data && me.data.member.role !== 'photographer' && <RecentTransactions />}
      </div>
    </section>
  );
}
