import { TrialPage } from '@/features/trial/components/trial-page';

export default function TrialRoute() {
  return <TrialPage />;
}
