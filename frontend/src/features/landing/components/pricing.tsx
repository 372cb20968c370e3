import { Check } from 'lucide-react';
import { CREDIT_EXPLAINER, DISPLAY_PLANS, type TrialPlan } from '@shared/pricing';
import { SiteLink } from '@/components/layout/site-link';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** `onBuy`: set when the visitor is signed in; the plans with credits then offer buying them instead of the trial. */
export function Pricing({ onStartTrial, onBuy }: { onStartTrial: (plan: TrialPlan) => void; onBuy?: (planName: string) => void }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-24 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Simple, pay-per-use pricing
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">
          {CREDIT_EXPLAINER.buys} No contracts, no subscriptions, no monthly commitments.
        </p>
        <p className="mx-auto mt-2 max-w-2xl text-center text-sm text-slate-700" data-testid="credit-expiry">
          {CREDIT_EXPLAINER.expiry}
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {DISPLAY_PLANS.map((plan) => (
            <li
              key={plan.name}
              className={cn(
                'relative flex flex-col rounded-xl border bg-white p-6 shadow-sm',
                plan.badge ? 'border-brand-700 ring-2 ring-brand-700' : 'border-slate-200',
              )}
            >
              {plan.badge && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold whitespace-nowrap text-white">
                  {plan.badge}
                </span>
              )}
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-3">
                <span className="text-3xl font-extrabold text-slate-900">{plan.price}</span>
                {plan.credits !== null && <span className="ml-1 text-slate-600">for {plan.credits} credits</span>}
              </p>
              <p className="mt-1 min-h-5 text-sm text-slate-700">{plan.perCredit}</p>
              <p className="min-h-5 text-sm font-semibold text-green-800">{plan.savings}</p>
              <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
                    {f}
                  </li>
                ))}
              </ul>
              {onBuy && plan.credits !== null ? (
                <Button className="mt-6 w-full" variant={plan.badge ? 'default' : 'outline'} onClick={() => onBuy(plan.name)} aria-label={`Buy ${plan.name}`}>
                  Buy Credits
                </Button>
              ) : plan.trialPlan ? (
                <Button
                  className="mt-6 w-full"
                  variant={plan.badge ? 'default' : 'outline'}
                  onClick={() => onStartTrial(plan.trialPlan as TrialPlan)}
                  aria-label={`Start free trial with ${plan.name}`}
                >
                  Start Free Trial
                </Button>
              ) : (
                <Button className="mt-6 w-full" variant="outline" asChild>
                  <SiteLink to="/contact">Contact Us</SiteLink>
                </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
