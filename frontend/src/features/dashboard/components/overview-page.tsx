import type { ReactNode } from 'react';
import { usePageMeta } from '@/lib/page-meta';
import { useMe } from '../api/account';
import { CreditBalanceCard } from './credit-balance-card';
import { FALLBACK_DEALER_NAME } from './format';
import { PageHeading } from './page-heading';
import { RecentTransactions } from './recent-transactions';

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
  const name = me.data?.profile.dealer_name || FALLBACK_DEALER_NAME;
  return (
    <section>
      <PageHeading title="Dashboard" description={me.isPending ? 'Welcome!' : `Welcome back, ${name}!`} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CreditBalanceCard userType={me.data?.profile.user_type} trialRefused={me.data?.profile.trial_credits_refused ?? null} action={balanceAction} />
        {summary}
        {recent}
        <RecentTransactions />
      </div>
    </section>
  );
}
