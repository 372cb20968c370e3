import { Clock } from 'lucide-react';
import { PROCESSING_TIME_TEXT } from '@shared/brand';
import { PACKAGE_PROGRESS_MESSAGES } from '@shared/messages';
import type { CarPackageDetail } from '@shared/schemas/car-packages';
import { AngleProgress } from './angle-progress';

const UNFINISHED = new Set(['pending', 'processing']);

/**
 * Where an unfinished package is, from its angles (patched live by ../api/live-updates.ts): the photos being checked
 * (no angle started or marked yet), or the angles rendering, how many are ready of those being made. Null once finished.
 */
export function progressText(pkg: Pick<CarPackageDetail, 'status' | 'images'>): string | null {
  if (!UNFINISHED.has(pkg.status)) return null;
  const count = (status: string) => pkg.images.filter((i) => i.angle_status === status).length;
  const [completed, processing, failed] = [count('completed'), count('processing'), count('failed')];
  if (completed + processing + failed === 0) return PACKAGE_PROGRESS_MESSAGES.checking;
  return PACKAGE_PROGRESS_MESSAGES.rendering(completed, pkg.images.length - failed);
}

/**
 * The package page's progress: finished angles of all (the bar), and while it runs what it is doing ("Rendering: 3 of
 * 8 angles ready") with the measured estimate (shared/brand.ts, PROCESSING_TIMES) instead of a bare "Waiting".
 */
export function PackageProgress({ pkg, title }: { pkg: CarPackageDetail; title: string }) {
  const doing = progressText(pkg);
  return (
    <div className="grid gap-1.5">
      <AngleProgress completed={pkg.completed_angles} total={pkg.total_angles} label={`${title} progress`} testId="detail-progress" />
      {/* Read out as it changes: the angles' live updates move it on. */}
      <div role="status" aria-live="polite" className="min-h-0">
        {doing && (
          <p className="mt-1 flex items-start gap-2 text-sm text-slate-700" data-testid="package-progress-text">
            <Clock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              <span className="font-medium text-slate-900">{doing}</span> {PROCESSING_TIME_TEXT.estimate}
            </span>
          </p>
        )}
      </div>
    </div>
  );
}
