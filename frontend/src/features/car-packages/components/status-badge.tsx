import { CircleCheck, CircleX, Clock, LoaderCircle, TriangleAlert, type LucideIcon } from 'lucide-react';
import { ANGLE_STATUS_BADGE, sessionStatusBadge, statusText, type AngleStatus } from '@shared/statuses';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** A session status badge: gray, blue, yellow, green or red, with the status text rule of the spec. */
export function SessionStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge colour={sessionStatusBadge(status)} className={className} data-testid="package-status">
      {statusText(status)}
    </Badge>
  );
}

export function AngleStatusBadge({ status, className }: { status: AngleStatus; className?: string }) {
  return (
    <Badge colour={ANGLE_STATUS_BADGE[status]} className={className} data-testid="angle-status">
      {statusText(status)}
    </Badge>
  );
}

const ICONS: Record<string, { icon: LucideIcon; className: string }> = {
  pending: { icon: Clock, className: 'text-slate-500' },
  processing: { icon: LoaderCircle, className: 'motion-safe:animate-spin text-blue-600' },
  partial_complete: { icon: TriangleAlert, className: 'text-amber-600' },
  completed: { icon: CircleCheck, className: 'text-green-600' },
  error: { icon: CircleX, className: 'text-red-600' },
};

/** The status icon of a session card (a spinner while processing). */
export function SessionStatusIcon({ status, className }: { status: string; className?: string }) {
  const { icon: Icon, className: look } = ICONS[status] ?? ICONS.pending!;
  return <Icon className={cn('size-5 shrink-0', look, className)} aria-hidden="true" />;
}
