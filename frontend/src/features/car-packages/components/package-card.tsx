import type { CarPackageSummary } from '@shared/schemas/car-packages';
import { CarIdentity } from '@/components/car-identity/car-identity';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { AngleProgress } from './angle-progress';
import { formatDate, packageTitle } from './format';
import { PackageThumbnail } from './package-thumbnail';
import { SessionStatusBadge, SessionStatusIcon } from './status-badge';

/** A session card of the gallery: preview, name, status icon, completed/total with a bar, date, status badge. */
export function PackageCard({ summary, onOpen }: { summary: CarPackageSummary; onOpen: (id: string) => void }) {
  const title = packageTitle(summary.session_name);
  return (
    <Card
      className="relative overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
      data-testid="package-card"
    >
      <PackageThumbnail url={summary.thumbnail_url} className="aspect-[16/10] w-full" />
      <div className="grid gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 truncate font-semibold text-slate-900" title={title}>
            {/* The whole card is this button's target. */}
            <button type="button" onClick={() => onOpen(summary.id)} className="block w-full truncate text-left after:absolute after:inset-0 focus-visible:outline-none">
              {title}
            </button>
          </h2>
          <SessionStatusIcon status={summary.status} />
        </div>
        <CarIdentity car={summary} compact testId="package-card-ids" className="-mt-1" />
        <div className="grid gap-1.5">
          <AngleProgress completed={summary.completed_angles} total={summary.total_angles} label={`${title} progress`} testId="package-progress" />
        </div>
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-slate-600">{formatDate(summary.created_at)}</span>
          <SessionStatusBadge status={summary.status} />
        </div>
      </div>
    </Card>
  );
}

export function PackageCardSkeleton() {
  return (
    <Card className="overflow-hidden" data-testid="package-card-skeleton">
      <Skeleton className="aspect-[16/10] w-full rounded-none" />
      <div className="grid gap-3 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-2 w-full" />
        <div className="flex justify-between">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-5 w-20 rounded-full" />
        </div>
      </div>
    </Card>
  );
}
