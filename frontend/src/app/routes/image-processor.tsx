import { useQueryClient } from '@tanstack/react-query';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { Spinner } from '@/components/ui/spinner';
import { ImageProcessorPage } from '@/features/batch/components/image-processor-page';
import { useMe } from '@/features/dashboard/api/account';
import { creditsQueryKey, useCreditBalance } from '@/features/dashboard/api/credits';

/** /dashboard/image-processor: super users only (every batch route refuses others with 403 as well). */
export default function ImageProcessorRoute() {
  const me = useMe();
  const balance = useCreditBalance();
  const client = useQueryClient();
  if (me.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label="Checking your access" className="size-8 text-brand-700" />
      </div>
    );
  }
  if (me.data?.profile.role !== 'super') return <AccessRestricted />;
  return <ImageProcessorPage credits={balance.data?.total_credits} onCreditsChanged={() => void client.invalidateQueries({ queryKey: creditsQueryKey })} />;
}
