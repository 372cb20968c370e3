import { useCarPackageLiveUpdates } from '@/features/car-packages/api/live-updates';
import DashboardLayout from '@/features/dashboard/components/dashboard-layout';

/**
 * The signed-in frame. The dashboard layout opens the live WebSocket; car packages listen to it here, on every
 * dashboard page, so their cached progress is never stale when the dealer comes back to them.
 */
export default function DashboardLayoutRoute() {
  useCarPackageLiveUpdates();
  return <DashboardLayout />;
}
