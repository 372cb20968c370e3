import { AccessRestricted } from '@/components/errors/access-restricted';
import { Spinner } from '@/components/ui/spinner';
import { AdminPage } from '@/features/admin/components/admin-page';
import { useMe } from '@/features/dashboard/api/account';

/** /dashboard/admin: super users only (the server checks the role on every admin route as well). */
export default function AdminRoute() {
  const me = useMe();
  if (me.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Checking your access" className="size-8 text-brand-700" />
      </div>
    );
  }
  if (me.data?.profile.role !== 'super') return <AccessRestricted />;
  return <AdminPage />;
}
