import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { getRuntimeConfig } from '@/lib/runtime-config';
import type { CardFormProps } from './card-form-props';

type FrameMessage = { type: 'local-stripe:ready' } | { type: 'local-stripe:result'; ok: boolean; status?: string; error?: { message?: string } };

/**
 * Local mode: the payment simulator's card form in a frame (as Stripe's Payment Element is a frame: card details
 * never enter this page). Pay asks the frame to confirm the PaymentIntent; it answers with the status or Stripe's
 * error message.
 */
export function LocalCardForm({ clientSecret, email, payLabel, onPaid }: CardFormProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const origin = new URL(getRuntimeConfig().apiUrl, window.location.href).origin;

  useEffect(() => {
    const onMessage = (ev: MessageEvent<FrameMessage>) => {
      if (ev.origin !== origin || ev.source !== frame.current?.contentWindow || !ev.data?.type) return;
      if (ev.data.type === 'local-stripe:ready') setReady(true);
      if (ev.data.type !== 'local-stripe:result') return;
      setPaying(false);
      if (ev.data.ok && (ev.data.status === 'succeeded' || ev.data.status === 'processing')) onPaid();
      else setError(ev.data.error?.message || MESSAGES.paymentFailed);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, onPaid]);

  const pay = () => {
    setError(null);
    setPaying(true);
    frame.current?.contentWindow?.postMessage({ type: 'local-stripe:confirm', email }, origin);
  };

  return (
    <div className="grid gap-3">
      <iframe
        ref={frame}
        title="Card details"
        src={`${origin}/_local/stripe/card-form?client_secret=${encodeURIComponent(clientSecret)}`}
        className="h-64 w-full rounded-md border-0 sm:h-56"
      />
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      <Button onClick={pay} disabled={!ready || paying}>
        {paying ? 'Processing…' : payLabel}
      </Button>
    </div>
  );
}
