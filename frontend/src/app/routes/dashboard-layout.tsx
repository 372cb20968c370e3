import { useCarPackageLiveUpdates } from '@/features/car-packages/api/live-updates';
import { useMe } from '@/features/dashboard/api/account';
import DashboardLayout from '@/features/dashboard/components/dashboard-layout';
import { useTrialTransfer } from '@/features/trial/hooks/use-trial-transfer';

/**
 * The signed-in frame. The dashboard layout opens the live WebSocket; car packages listen to it here, on every
 * dashboard page, so their cached progress is never stale when the dealer comes back to them. The trial photo
 * transfer of the first sign-in starts here too, whichever dashboard page the dealer lands on.
 */
export default function DashboardLayoutRoute() {
  useCarPackageLiveUpdates();
  const me = useMe();
  useTrialTransfer(me.data?.profile.id, me.data?.profile.email);
  return <DashboardLayout />;
}
