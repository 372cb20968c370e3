import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { PURCHASE_SUCCESS_VIEW_MS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import type { PurchaseResponse } from '@shared/schemas/payments';
import { LOCAL_PAYMENT_SIMULATOR_KEY } from '@shared/schemas/runtime-config';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { createPurchase, useCreditPackages } from '../api/purchase';
import { waitForBalanceUpdate } from '../hooks/use-balance-update';
import { CouponBox, type AppliedCoupon } from './coupon-box';
import { dollars } from './format';
import { LocalCardForm } from './local-card-form';
import { PackageList } from './package-list';

// Stripe.js and its React bindings load only when a real Stripe form opens.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

type Step = { name: 'packages' } | { name: 'checkout' } | { name: 'pay'; intent: PurchaseResponse } | { name: 'confirming'; credits: number } | { name: 'success'; credits: number };

export interface PurchaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Preselects a package (e.g. chosen on the pricing section) and goes straight to its checkout. */
  initialPackageId?: string | null;
  /** The dealer's e-mail, sent as the card's billing detail. */
  email?: string;
  /** After a paid purchase (the balance itself is pushed live by the server). */
  onPurchased?: () => void;
}

/**
 * Purchase Credits: the packages, then for the selected one a coupon box and the card form, then a success view for
 * 2 seconds, after which the dialog closes and resets. The price is always the server's: the browser names the
 * package and coupon, the server creates the PaymentIntent, the webhook grants the credits and the balance rises live.
 */
export function PurchaseDialog({ open, onOpenChange, initialPackageId, email, onPurchased }: PurchaseDialogProps) {
  const packages = useCreditPackages(open);
  const [step, setStep] = useState<Step>({ name: 'packages' });
  const [selected, setSelected] = useState<string | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const waiting = useRef<AbortController | null>(null);

  const reset = useCallback(() => {
    waiting.current?.abort();
    setStep({ name: 'packages' });
    setSelected(null);
    setCoupon(null);
    setError(null);
    setStarting(false);
  }, []);

  // Opened with a package chosen elsewhere: go straight to its checkout.
  useEffect(() => {
    if (open && initialPackageId && packages.data?.some((p) => p.id === initialPackageId) && step.name === 'packages' && selected === null) {
      setSelected(initialPackageId);
      setStep({ name: 'checkout' });
    }
  }, [open, initialPackageId, packages.data, step.name, selected]);

  // The success view shows for 2 seconds, then the dialog closes and resets.
  useEffect(() => {
    if (step.name !== 'success') return;
    const t = setTimeout(() => {
      onOpenChange(false);
      reset();
    }, PURCHASE_SUCCESS_VIEW_MS);
    return () => clearTimeout(t);
  }, [step.name, onOpenChange, reset]);

  const pkg = packages.data?.find((p) => p.id === selected);
  const amount = coupon ? coupon.final_price : (pkg?.price_cents ?? 0);

  const startPayment = async () => {
    if (!pkg) return;
    setError(null);
    setStarting(true);
    try {
      const intent = await createPurchase({ package_id: pkg.id, ...(coupon ? { coupon_code: coupon.code } : {}) }, crypto.randomUUID());
      setStep({ name: 'pay', intent });
    } catch (e) {
      setError(e instanceof ApiError && e.status === 400 && e.message ? e.message : MESSAGES.failedToPurchaseCredits);
    } finally {
      setStarting(false);
    }
  };

  const paid = useCallback(
    (credits: number) => {
      setStep({ name: 'confirming', credits });
      const controller = new AbortController();
      waiting.current = controller;
      void waitForBalanceUpdate(controller.signal).then(() => {
        if (controller.signal.aborted) return;
        onPurchased?.();
        setStep({ name: 'success', credits });
      });
    },
    [onPurchased],
  );

  const config = getRuntimeConfig();
  const simulator = config.home === 'local' && config.stripePublishableKey === LOCAL_PAYMENT_SIMULATOR_KEY;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        // Closing mid-way starts over next time (a created PaymentIntent that was never paid simply expires).
        if (!next && step.name !== 'confirming') reset();
      }}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Purchase Credits</DialogTitle>
          <DialogDescription>
            {step.name === 'packages' ? 'Choose a credit package. Purchased credits never expire.' : step.name === 'success' ? 'Thank you for your purchase.' : pkg ? `${pkg.name}: ${pkg.credits} credits` : ''}
          </DialogDescription>
        </DialogHeader>

        {step.name === 'packages' &&
          (packages.isPending ? (
            <Spinner label="Loading credit packages" />
          ) : packages.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {MESSAGES.failedToLoadPackages}
            </p>
          ) : (
            <>
              <PackageList packages={packages.data} selected={selected} onSelect={setSelected} />
              <Button disabled={!selected} onClick={() => setStep({ name: 'checkout' })}>
                Continue
              </Button>
            </>
          ))}

        {step.name === 'checkout' && pkg && (
          <div className="grid gap-4">
            <BackButton onClick={() => { setCoupon(null); setError(null); setStep({ name: 'packages' }); }} label="Change package" />
            <CouponBox packageId={pkg.id} applied={coupon} onApplied={setCoupon} />
            <PriceSummary listCents={pkg.price_cents} coupon={coupon} />
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <Button onClick={() => void startPayment()} disabled={starting}>
              {starting ? 'Preparing payment…' : 'Continue to payment'}
            </Button>
          </div>
        )}

        {step.name === 'pay' && pkg && (
          <div className="grid gap-4">
            <BackButton onClick={() => setStep({ name: 'checkout' })} label="Back" />
            <PriceSummary listCents={pkg.price_cents} coupon={coupon} />
            {simulator ? (
              <LocalCardForm clientSecret={step.intent.client_secret} email={email} payLabel={`Pay ${dollars(step.intent.amount_cents)}`} onPaid={() => paid(step.intent.credits)} />
            ) : (
              <Suspense fallback={<Spinner label="Loading the payment form" />}>
                <StripeCardForm clientSecret={step.intent.client_secret} email={email} payLabel={`Pay ${dollars(step.intent.amount_cents)}`} onPaid={() => paid(step.intent.credits)} />
              </Suspense>
            )}
          </div>
        )}

        {step.name === 'confirming' && (
          <div className="grid justify-items-center gap-3 py-6 text-center" role="status">
            <Spinner label="Adding your credits" />
            <p className="text-slate-700">Payment received. Adding {step.credits} credits to your balance…</p>
          </div>
        )}

        {step.name === 'success' && (
          <div className="grid justify-items-center gap-2 py-6 text-center" role="status">
            <CheckCircle2 className="size-12 text-green-700" aria-hidden="true" />
            <p className="text-lg font-semibold text-slate-900">Payment successful!</p>
            <p className="text-slate-700">{step.credits} credits were added to your balance.</p>
          </div>
        )}
        {/* Keeps the amount readable for assistive tech while paying. */}
        <span className="sr-only" aria-live="polite">
          {step.name === 'pay' ? `Total ${dollars(amount)}` : ''}
        </span>
      </DialogContent>
    </Dialog>
  );
}

function BackButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <button type="button" onClick={onClick} className="flex w-fit items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
}

function PriceSummary({ listCents, coupon }: { listCents: number; coupon: AppliedCoupon | null }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-1 rounded-lg bg-slate-50 p-3 text-sm">
      <dt className="text-slate-700">Price</dt>
      <dd className="text-right text-slate-900">{dollars(listCents)}</dd>
      {coupon && (
        <>
          <dt className="text-slate-700">Coupon {coupon.code}</dt>
          <dd className="text-right text-green-800">−{dollars(coupon.discount_cents)}</dd>
        </>
      )}
      <dt className="font-semibold text-slate-900">Total</dt>
      <dd className="text-right font-semibold text-slate-900" data-testid="purchase-total">
        {dollars(coupon ? coupon.final_price : listCents)}
      </dd>
    </dl>
  );
}
