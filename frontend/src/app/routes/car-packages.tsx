import CarPackagesPage from '@/features/car-packages/components/car-packages-page';
import { useCreditBalance } from '@/features/dashboard/api/credits';
import { BuyCreditsAction } from './buy-credits-action';

/** /dashboard/car-packages (and a package's address, /dashboard/car-packages/{id}) with the dealer's balance and, at 0 credits, Buy Credits (the features meet here). */
export default function CarPackagesRoute() {
  const balance = useCreditBalance();
  return <CarPackagesPage credits={balance.data?.total_credits} buyCredits={<BuyCreditsAction />} />;
}
