import { VerifyPage } from '@/features/verify/components/verify-page';

export default function VerifyRoute() {
  return <VerifyPage />;
}
