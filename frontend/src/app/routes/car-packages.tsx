import { useQueryClient } from '@tanstack/react-query';
import CarPackagesPage from '@/features/car-packages/components/car-packages-page';
import { creditsQueryKey, useCreditBalance } from '@/features/dashboard/api/credits';
import { BuyCreditsAction } from './buy-credits-action';

/** /dashboard/car-packages (and a package's address, /dashboard/car-packages/{id}) with the dealer's balance and, at 0 credits, Buy Credits (the features meet here). */
export default function CarPackagesRoute() {
  const balance = useCreditBalance();
  const client = useQueryClient();
  return (
    <CarPackagesPage
      credits={balance.data?.total_credits}
      buyCredits={<BuyCreditsAction />}
      onCreditsChanged={() => void client.invalidateQueries({ queryKey: creditsQueryKey })}
    />
  );
}
