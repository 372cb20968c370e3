import { useQueryClient } from '@tanstack/react-query';
import { ImageProcessorPage } from '@/features/batch/components/image-processor-page';
import { creditsQueryKey, useCreditBalance } from '@/features/dashboard/api/credits';
import { useSuperUserGate } from '../use-super-user-gate';

/** /dashboard/image-processor: super users only (every batch route refuses others with 403 as well). */
export default function ImageProcessorRoute() {
  const gate = useSuperUserGate();
  const balance = useCreditBalance();
  const client = useQueryClient();
  return gate ?? <ImageProcessorPage credits={balance.data?.total_credits} onCreditsChanged={() => void client.invalidateQueries({ queryKey: creditsQueryKey })} />;
}
