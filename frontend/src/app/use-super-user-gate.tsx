import type { ReactElement } from 'react';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { Spinner } from '@/components/ui/spinner';
import { useMe } from '@/features/dashboard/api/account';

/**
 * What a super-user page shows instead of itself: a spinner while the role is read, "access restricted" for anyone
 * else (the server refuses them as well); null for a super user, who gets the page.
 */
export function useSuperUserGate(): ReactElement | null {
  const me = useMe();
  if (me.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Checking your access" className="size-8 text-brand-700" />
      </div>
    );
  }
  if (me.data?.profile.role !== 'super') return <AccessRestricted />;
  return null;
}
