import { BONUS_CREDIT_LIFETIME_MS, CAR_PACKAGE_ANGLE_COUNT, MAX_CAR_PACKAGE_PHOTOS, TRIAL_CREDIT_LIFETIME_MS, TRIAL_CREDITS } from './limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The credit packages of spec section 9 (seeded into the table; the API serves them from there). */
export interface CreditPackageSeed {
  id: string;
  name: string;
  description: string;
  credits: number;
  price_cents: number;
  sort_order: number;
  is_active: boolean;
  is_popular: boolean;
}

export const CREDIT_PACKAGES: readonly CreditPackageSeed[] = [
  { id: 'starter', name: 'Starter Pack', description: 'Perfect for trying the service on a few cars', credits: 8, price_cents: 800, sort_order: 1, is_active: true, is_popular: false },
  { id: 'small-business', name: 'Small Business', description: 'For small lots with a steady flow of cars', credits: 30, price_cents: 2400, sort_order: 2, is_active: true, is_popular: false },
  { id: 'professional', name: 'Professional', description: 'For busy dealerships listing cars every day', credits: 100, price_cents: 6000, sort_order: 3, is_active: true, is_popular: true },
  { id: 'business', name: 'Business', description: 'For dealer groups and high-volume lots', credits: 250, price_cents: 10000, sort_order: 4, is_active: true, is_popular: false },
];

export interface CreditPackageView extends CreditPackageSeed {
  price_per_credit_cents: number;
  price_dollars: string;
  price_per_credit_dollars: string;
  savings_percentage: number;
  best_value: boolean;
}

/**
 * Derived fields of spec section 9: price per credit (dollars, 2 decimals), savings as the rounded drop of
 * price per credit against the first package by sort order, and best value (the lowest price per credit).
 * `packages` must already be the active packages sorted by sort_order.
 */
export function derivePackageViews(packages: readonly CreditPackageSeed[]): CreditPackageView[] {
  const first = packages[0];
  if (!first) return [];
  const perCredit = (p: CreditPackageSeed) => p.price_cents / p.credits;
  const base = perCredit(first);
  const lowest = Math.min(...packages.map(perCredit));
  return packages.map((p) => {
    const ppc = perCredit(p);
    return {
      ...p,
      price_per_credit_cents: Math.round(ppc * 100) / 100,
      price_dollars: (p.price_cents / 100).toFixed(2),
      price_per_credit_dollars: (ppc / 100).toFixed(2),
      savings_percentage: Math.round(((base - ppc) / base) * 100),
      best_value: packages.length > 1 && ppc === lowest,
    };
  });
}

/**
 * What a credit buys, in each flow, and which credits expire (decisions.md turn 3: a car package is 1 credit for up to
 * 8 angles; the batch processor takes 1 credit per photo). Said once, under the plans of the pricing section.
 */
export const CREDIT_EXPLAINER = {
  buys: `1 credit buys one car package (up to ${CAR_PACKAGE_ANGLE_COUNT} studio angles of a car from 1 to ${MAX_CAR_PACKAGE_PHOTOS} of your photos) or one studio image from a photo in the batch processor.`,
  expiry: `Purchased credits never expire. The ${TRIAL_CREDITS} free trial credits expire ${TRIAL_CREDIT_LIFETIME_MS / DAY_MS} days after sign-up, and bonus credits we grant expire ${BONUS_CREDIT_LIFETIME_MS / DAY_MS} days after they are granted.`,
} as const;

/** The display-only plans of the landing page, with the plan passed to the trial dialog. */
export type TrialPlan = 'Starter' | 'Pro';
export interface DisplayPlan {
  name: string;
  credits: number | null;
  price: string;
  /** The price of one credit (a credit buys a car package or one batch photo, so not "per photo"). */
  perCredit: string | null;
  savings: string | null;
  badge: string | null;
  trialPlan: TrialPlan | null;
  features: string[];
}
export const DISPLAY_PLANS: readonly DisplayPlan[] = [
  { name: 'Starter Pack', credits: 8, price: '$8', perCredit: '$1.00 per credit', savings: null, badge: null, trialPlan: 'Starter', features: ['8 credits', 'Every background style', 'Your logo on images', 'Purchased credits never expire'] },
  { name: 'Small Business', credits: 30, price: '$24', perCredit: '$0.80 per credit', savings: 'Save 20%', badge: null, trialPlan: 'Starter', features: ['30 credits', 'Every background style', 'Your logo on images', 'Purchased credits never expire'] },
  { name: 'Professional', credits: 100, price: '$60', perCredit: '$0.60 per credit', savings: 'Save 40%', badge: 'MOST POPULAR', trialPlan: 'Pro', features: ['100 credits', 'Every background style', 'Your logo on images', 'Purchased credits never expire'] },
  { name: 'Business', credits: 250, price: '$100', perCredit: '$0.40 per credit', savings: 'Save 60%', badge: null, trialPlan: 'Pro', features: ['250 credits', 'Every background style', 'Your logo on images', 'Purchased credits never expire'] },
  { name: 'Enterprise', credits: null, price: 'Custom', perCredit: null, savings: null, badge: null, trialPlan: null, features: ['Custom price', 'Custom backgrounds and logos', 'Tailored feature development'] },
];
