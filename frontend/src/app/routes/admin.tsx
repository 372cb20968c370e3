import { AdminPage } from '@/features/admin/components/admin-page';
import { useSuperUserGate } from '../use-super-user-gate';

/** /dashboard/admin: super users only (the server checks the role on every admin route as well). */
export default function AdminRoute() {
  const gate = useSuperUserGate();
  return gate ?? <AdminPage />;
}
