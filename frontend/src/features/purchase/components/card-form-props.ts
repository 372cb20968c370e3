/** What both card forms (Stripe's Payment Element, the local simulator's) take. */
export interface CardFormProps {
  clientSecret: string;
  /** Billing e-mail sent with the card (spec: the dealer's e-mail as billing detail). */
  email?: string;
  payLabel: string;
  /** The PaymentIntent succeeded (or is processing): the webhook grants the credits. */
  onPaid: () => void;
}
