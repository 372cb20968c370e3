import { useId } from 'react';
import { CheckCircle2, FlipHorizontal2, LoaderCircle, XCircle } from 'lucide-react';
import { ANGLE_LABELS, ANGLES, type Angle } from '@shared/angles';
import type { AngleCoverage, CoveragePlan } from '@shared/angle-plan';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { cn } from '@/lib/utils';

/** Where each angle sits around the car outline (seen from above, nose up: the car's left is on the left). */
const GRID: Record<Angle, string> = {
  front_left_corner: 'col-start-1 row-start-1',
  front: 'col-start-2 row-start-1',
  front_right_corner: 'col-start-3 row-start-1',
  left_side: 'col-start-1 row-start-2',
  right_side: 'col-start-3 row-start-2',
  rear_left_corner: 'col-start-1 row-start-3',
  rear: 'col-start-2 row-start-3',
  rear_right_corner: 'col-start-3 row-start-3',
};

export interface CoveragePhoto {
  /** The angle the photo shows (tagged or suggested), null while not known. */
  angle: Angle | null;
  /** True while the photo's angle is the car check's suggestion (not the dealer's own tag). */
  suggested: boolean;
}

function detail(a: AngleCoverage, photos: readonly CoveragePhoto[]): string {
  if (a.photo_index === null && a.mirror_possible) return `Add a photo of the ${ANGLE_LABELS[a.angle]}, or fill it with a mirror image`;
  if (a.photo_index === null) return `Add a photo of the ${a.would_be_given_by.map((g) => ANGLE_LABELS[g]).join(' or ')}`;
  const n = a.photo_index + 1;
  if (a.source === 'mirror') return `Mirror image of photo ${n}`;
  const used = `Photo ${n}${photos[a.photo_index]?.suggested ? ' (suggested)' : ' (tagged)'}`;
  // The other photos of this angle (numbered from 1): the plan uses the first, these are left out.
  const leftOut = photos.flatMap((p, i) => (p.angle === a.angle && i !== a.photo_index ? [i + 1] : []));
  return leftOut.length > 0 ? `${used}; ${CAR_PACKAGE_MESSAGES.anglePhotosLeftOut(leftOut)}` : used;
}

/** The car seen from above, nose up: the outline the 8 angles stand around. */
function CarOutline() {
  return (
    <svg viewBox="0 0 60 120" className="h-24 w-auto text-slate-400" aria-hidden="true">
      <rect x="8" y="6" width="44" height="108" rx="16" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M14 34 Q30 24 46 34 L44 48 L16 48 Z" fill="currentColor" opacity="0.35" />
      <path d="M16 84 L44 84 L46 94 Q30 100 14 94 Z" fill="currentColor" opacity="0.35" />
      <rect x="2" y="22" width="6" height="16" rx="2" fill="currentColor" />
      <rect x="52" y="22" width="6" height="16" rx="2" fill="currentColor" />
      <rect x="2" y="82" width="6" height="16" rx="2" fill="currentColor" />
      <rect x="52" y="82" width="6" height="16" rx="2" fill="currentColor" />
      <text x="30" y="18" textAnchor="middle" fontSize="8" fill="currentColor">
        FRONT
      </text>
    </svg>
  );
}

/**
 * The 8 angles as the package will make them, drawn around a car outline: which photo gives each (suggested or
 * tagged) and which photos of the same angle are left out, which come from a mirror image, which cannot be made and
 * what photo would give them.
 */
export function CoverageDiagram({ plan, photos, checking = 0, regionLabel }: {
  plan: CoveragePlan;
  photos: readonly CoveragePhoto[];
  /** Photos whose car check is still running. */
  checking?: number;
  /** The region's own name where several diagrams share a page (the import's cars); its heading otherwise. */
  regionLabel?: string;
}) {
  const byAngle = new Map(plan.angles.map((a) => [a.angle, a]));
  // Several diagrams on one page (the import's cars): each names its own title.
  const titleId = `${useId()}-coverage-title`;
  return (
    <section {...(regionLabel ? { 'aria-label': regionLabel } : { 'aria-labelledby': titleId })} className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid="coverage-diagram">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          Angles covered:{' '}
          <span data-testid="coverage-count">{checking > 0 ? `checking ${checking === 1 ? '1 photo' : `${checking} photos`}…` : `${plan.covered} of ${ANGLES.length}`}</span>
        </h3>
        {checking === 0 && plan.unknown_photos > 0 && (
          <p className="text-xs text-slate-700">
            {plan.unknown_photos === 1 ? '1 photo has no angle yet' : `${plan.unknown_photos} photos have no angle yet`}: tag {plan.unknown_photos === 1 ? 'it' : 'them'} to count.
          </p>
        )}
      </div>
      <ol className="mx-auto grid w-full max-w-3xl grid-cols-3 grid-rows-3 gap-1.5 sm:gap-2" aria-label="The 8 angles">
        {ANGLES.map((angle) => {
          const a = byAngle.get(angle)!;
          // While photos are being checked, an angle not covered yet may still be: it waits, it is not missing.
          const source = a.source === 'missing' && checking > 0 ? 'checking' : a.source;
          const Icon = source === 'photo' ? CheckCircle2 : source === 'mirror' ? FlipHorizontal2 : source === 'checking' ? LoaderCircle : XCircle;
          return (
            <li
              key={angle}
              className={cn(
                'grid min-w-0 content-start gap-0.5 rounded-lg border p-1.5 text-xs sm:p-2',
                GRID[angle],
                source === 'photo' && 'border-emerald-300 bg-emerald-50 text-emerald-950',
                source === 'mirror' && 'border-sky-300 bg-sky-50 text-sky-950',
                source === 'missing' && 'border-dashed border-red-300 bg-red-50 text-red-900',
                source === 'checking' && 'border-dashed border-slate-300 bg-slate-50 text-slate-700',
              )}
              data-testid="coverage-angle"
              data-angle={angle}
              data-source={source}
              data-photo={a.photo_index ?? ''}
            >
              <span className="flex items-center gap-1 font-semibold">
                <Icon className={cn('size-3.5 shrink-0', source === 'checking' && 'motion-safe:animate-spin')} aria-hidden="true" />
                <span className="break-words">{ANGLE_LABELS[angle]}</span>
              </span>
              <span className="break-words">
                <span className="sr-only">{source === 'checking' ? 'Not known yet. ' : source === 'missing' ? 'Cannot be made. ' : source === 'mirror' ? 'Made from a mirror image. ' : 'Covered. '}</span>
                {source === 'checking' ? 'Checking the photos…' : detail(a, photos)}
              </span>
            </li>
          );
        })}
        <li className="col-start-2 row-start-2 flex items-center justify-center" aria-hidden="true">
          <CarOutline />
        </li>
      </ol>
    </section>
  );
}
