import { useSearchParams } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';
import { BonusCreditsTab } from './bonus-credits-tab';
import { CouponsTab } from './coupons-tab';
import { CreditPackagesTab } from './credit-packages-tab';
import { DealersTab } from './dealers-tab';
import { InboxTab } from './inbox-tab';
import { OperationsTab } from './operations-tab';
import { PaymentsTab } from './payments-tab';
import { StripeEventsTab } from './stripe-events-tab';
import { TrialLinksTab } from './trial-links-tab';

const TABS = [
  { value: 'payments', label: 'Payments', Panel: PaymentsTab },
  { value: 'stripe-events', label: 'Stripe Events', Panel: StripeEventsTab },
  { value: 'coupons', label: 'Coupons', Panel: CouponsTab },
  { value: 'bonus', label: 'Bonus Credits', Panel: BonusCreditsTab },
  { value: 'packages', label: 'Packages', Panel: CreditPackagesTab },
  { value: 'inbox', label: 'Inbox', Panel: InboxTab },
  { value: 'dealers', label: 'Dealers', Panel: DealersTab },
  { value: 'trial-links', label: 'Trial Links', Panel: TrialLinksTab },
  { value: 'operations', label: 'Operations', Panel: OperationsTab },
] as const;

/** /dashboard/admin (super users): one tab per concern; the tab is kept in ?tab= so it can be linked. */
export function AdminPage() {
  usePageMeta('Admin', 'Payments, Stripe events, coupons, bonus credits, credit packages, the inbox and operations.');
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.value === params.get('tab')) ? params.get('tab')! : 'payments';
  return (
    <section className="min-w-0">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Admin</h1>
      <p className="mt-1 mb-6 text-slate-700">Finance, coupons, bonus credits, credit packages and what dealers wrote.</p>
      <Tabs value={tab} onValueChange={(v) => setParams(v === 'payments' ? {} : { tab: v }, { replace: true })}>
        <TabsList aria-label="Admin sections" className="grid grid-cols-3 sm:inline-flex sm:flex-wrap">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value}>
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
