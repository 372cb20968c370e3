import type { PaymentStatus, StripeEventOutcome } from '@shared/schemas/payments';
import type { BadgeColour } from '@shared/statuses';
import { Badge } from '@/components/ui/badge';

const PAYMENT: Record<PaymentStatus, BadgeColour> = {
  pending: 'gray',
  succeeded: 'green',
  failed: 'red',
  canceled: 'gray',
  refunded: 'yellow',
  partially_refunded: 'yellow',
  disputed: 'red',
};
const OUTCOME: Record<StripeEventOutcome, BadgeColour> = {
  fulfilled: 'green',
  duplicate: 'blue',
  ignored: 'gray',
  failed: 'red',
  recorded: 'yellow',
};

const label = (s: string) => s.replace(/_/g, ' ');

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <Badge colour={PAYMENT[status]} className="capitalize">{label(status)}</Badge>;
}

export function OutcomeBadge({ outcome }: { outcome: StripeEventOutcome }) {
  return <Badge colour={OUTCOME[outcome]} className="capitalize">{outcome}</Badge>;
}
