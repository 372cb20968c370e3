import { CreatePackageCard } from '@/features/car-packages/components/create-package-card';
import { RecentPackagesCard } from '@/features/car-packages/components/recent-packages-card';
import { UserActivityCard } from '@/features/car-packages/components/user-activity-card';
import { OverviewPage } from '@/features/dashboard/components/overview-page';
import { TrialTransferBanner } from '@/features/trial/components/trial-transfer-banner';
import { BuyCreditsAction } from './buy-credits-action';

/** /dashboard: the dashboard's overview with the car package cards and the purchase dialog (features meet here, not in each other). */
export default function DashboardOverviewRoute() {
  return (
    <>
      <TrialTransferBanner />
      <OverviewPage
        balanceAction={<BuyCreditsAction />}
        summary={
          <div className="grid content-start gap-6">
            <UserActivityCard />
            <CreatePackageCard />
          </div>
        }
        recent={<RecentPackagesCard />}
      />
    </>
  );
}
