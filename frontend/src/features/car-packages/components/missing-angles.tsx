import { Camera } from 'lucide-react';
import { Link } from 'react-router-dom';
import { FILL_MISSING_SIDES_LABEL } from '@shared/angle-plan';
import { ANGLE_LABELS } from '@shared/angles';
import { MISSING_ANGLE_MESSAGES } from '@shared/messages';
import type { CarPackageDetail } from '@shared/schemas/car-packages';
import { CAR_PACKAGES_PATH } from '../hooks/use-car-packages-navigation';

/**
 * The angles not in a package because none of its photos shows them (decisions.md, turn 4: a credit buys the angles the
 * photos show): named quietly, with where to get them (a new package with photos of them), never as failed angles.
 */
export function MissingAngles({ pkg }: { pkg: Pick<CarPackageDetail, 'missing_angles' | 'fill_missing_sides'> }) {
  if (pkg.missing_angles.length === 0) return null;
  const mirrorable = pkg.fill_missing_sides ? [] : pkg.missing_angles.filter((m) => m.mirror_possible).map((m) => ANGLE_LABELS[m.angle]);
  return (
    <section aria-labelledby="missing-angles-title" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700" data-testid="missing-angles">
      <Camera className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="grid min-w-0 gap-1">
        <h3 id="missing-angles-title" className="font-medium text-slate-900">
          {MISSING_ANGLE_MESSAGES.title}: <span className="font-normal" data-testid="missing-angles-list">{pkg.missing_angles.map((m) => ANGLE_LABELS[m.angle]).join(', ')}</span>
        </h3>
        <p>
          {MISSING_ANGLE_MESSAGES.why}{' '}
          <Link to={`${CAR_PACKAGES_PATH}?tab=upload`} className="font-medium text-brand-700 underline underline-offset-2">
            {MISSING_ANGLE_MESSAGES.createLink}
          </Link>
        </p>
        {mirrorable.length > 0 && <p>{MISSING_ANGLE_MESSAGES.mirror(FILL_MISSING_SIDES_LABEL, mirrorable)}</p>}
      </div>
    </section>
  );
}
