import type { TrialPlan } from '@shared/pricing';
import { SiteFooter } from '@/components/layout/site-footer';
import { usePageMeta } from '@/lib/page-meta';
import { Benefits } from './benefits';
import { Comparisons } from './comparisons';
import { Faq } from './faq';
import { FinalCta } from './final-cta';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { NoAppStrip } from './no-app-strip';
import { Pricing } from './pricing';
import { Security } from './security';
import { SiteHeader } from './site-header';
import { Testimonials } from './testimonials';
import { TrustedBy } from './trusted-by';
import { PRODUCT_NAME } from '@shared/brand';

export interface LandingPageProps {
  onStartTrial: (plan: TrialPlan) => void;
  onLogin: () => void;
  /** Set for a signed-in visitor: the pricing section buys credits. */
  onBuy?: (planName: string) => void;
}

export function LandingPage({ onStartTrial, onLogin, onBuy }: LandingPageProps) {
  usePageMeta(
    `${PRODUCT_NAME} – Studio photos of your cars from your phone`,
    'Turn dealer phone photos into professional studio images of your cars. Up to 8 angles per car for 1 credit, 5 free credits to start, no app and no subscription.',
  );
  const startStarter = () => onStartTrial('Starter');
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <SiteHeader onLogin={onLogin} onStartTrial={startStarter} />
      <main id="main">
        <Hero onStartTrial={startStarter} />
        <NoAppStrip />
        <TrustedBy />
        <Comparisons />
        <HowItWorks />
        <Benefits />
        <Pricing onStartTrial={onStartTrial} onBuy={onBuy} />
        <Testimonials />
        <Security />
        <Faq />
        <FinalCta onStartTrial={startStarter} onLogin={onLogin} />
      </main>
      <SiteFooter />
    </>
  );
}
