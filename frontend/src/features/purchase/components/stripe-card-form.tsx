import { useMemo, useState } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { getRuntimeConfig } from '@/lib/runtime-config';
import type { CardFormProps } from './card-form-props';

let stripePromise: ReturnType<typeof loadStripe> | null = null;
/** Stripe.js is loaded once, from Stripe, when the first payment form opens (never with other pages). */
const stripeJs = () => (stripePromise ??= loadStripe(getRuntimeConfig().stripePublishableKey));

/** Stripe's Payment Element (AWS, or locally with real test keys), confirmed without leaving the dialog when possible. */
export default function StripeCardForm(props: CardFormProps) {
  const options = useMemo(() => ({ clientSecret: props.clientSecret, appearance: { theme: 'stripe' as const } }), [props.clientSecret]);
  return (
    <Elements stripe={stripeJs()} options={options}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ email, payLabel, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async () => {
    if (!stripe || !elements) return;
    setError(null);
    setPaying(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        // Cards confirm in place; a method that needs a redirect comes back to this page.
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href, ...(email ? { payment_method_data: { billing_details: { email } } } : {}) },
      });
      if (result.error) setError(result.error.message || MESSAGES.paymentFailed);
      else if (result.paymentIntent.status === 'succeeded' || result.paymentIntent.status === 'processing') onPaid();
      else setError(MESSAGES.paymentFailedRetry);
    } catch {
      setError(MESSAGES.paymentFailedRetry);
    } finally {
      setPaying(false);
    }
  };

  return (
    <div className="grid gap-3">
      <PaymentElement options={{ fields: { billingDetails: { email: email ? 'never' : 'auto' } } }} />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <Button onClick={() => void pay()} disabled={!stripe || !elements || paying}>
        {paying ? 'Processing…' : payLabel}
      </Button>
    </div>
  );
}
