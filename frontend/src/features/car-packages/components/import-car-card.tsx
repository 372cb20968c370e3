import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Angle } from '@shared/angles';
import { planCoverage, photosLeftOut } from '@shared/angle-plan';
import { oddPhotos, sameCarReason, type CarAppearance } from '@shared/same-car';
import { CAR_PACKAGE_NAME_MAX } from '@shared/limits';
import { CAR_CHECK_MESSAGES, CAR_PACKAGE_MESSAGES, IMPORT_MESSAGES, INVENTORY_MESSAGES } from '@shared/messages';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useVinLookup } from '../api/car-packages';
import { carPackagePath } from '../hooks/use-car-packages-navigation';
import { photosSent, type ImportCar, type ImportPhoto } from '../hooks/use-car-import';
import { CoverageDiagram } from './coverage-diagram';
import { PhotoThumbnail } from './photo-thumbnail';

/** What a car of the import needs before it can start (null: ready), as the form would say it. */
export interface CarReadiness {
  /** Photos whose car check has not answered. */
  checking: number;
  /** Photos flagged as likely another car and neither left out nor confirmed. */
  unconfirmedOdd: number;
  ready: boolean;
  /** Why it cannot start yet, in the dealer's words (null while checking, or when ready). */
  blocker: string | null;
}

/** The car's plan and flags, from the photos it will send (the same shared code as the form's). Pure: memoise by car. */
export function reviewCar(car: ImportCar) {
  const sent = photosSent(car);
  const angles = sent.map((p) => p.angle);
  const plan = planCoverage(angles);
  const leftOut = photosLeftOut(angles);
  // Its shape is compared from the angle the photo is tagged with (the dealer's tag over the check's suggestion).
  const appearances = sent.map((p): CarAppearance | null => {
    const appearance = p.check.status === 'done' && p.check.result.car ? p.check.result.appearance : null;
    return appearance?.shape && p.angle ? { ...appearance, shape: { ...appearance.shape, angle: p.angle } } : appearance;
  });
  const odd = oddPhotos(appearances);
  const oddIds = new Set(odd.map((i) => sent[i]!.id));
  // Flagged by the plate: the tile says so (the dealer can check the plate at a glance).
  const byPlateIds = new Set(odd.filter((i) => sameCarReason(appearances, i) === 'plate').map((i) => sent[i]!.id));
  const checking = car.photos.filter((p) => !p.leftOut && p.check.status === 'checking').length;
  const unconfirmedOdd = sent.filter((p) => oddIds.has(p.id) && !p.sameCarConfirmed).length;
  const blocker =
    checking > 0
      ? null
      : !car.name.trim()
        ? IMPORT_MESSAGES.noName
        : sent.length === 0
          ? IMPORT_MESSAGES.noPhotosLeft
          : unconfirmedOdd > 0
            ? CAR_CHECK_MESSAGES.differentCarsBlock(unconfirmedOdd)
            : plan.covered === 0
              ? CAR_PACKAGE_MESSAGES.noAnglesYet
              : null;
  const readiness: CarReadiness = { checking, unconfirmedOdd, ready: checking === 0 && blocker === null, blocker };
  return { sent, plan, leftOut, oddIds, byPlateIds, readiness };
}

const STATUS_TEXT = {
  uploading: 'Uploading…',
  starting: 'Starting…',
} as const;

/** One car of the import: its name (from its VIN where it decodes), its photos checked, its coverage and its state. */
export function ImportCarCard({
  car,
  index,
  busy,
  willStart,
  onName,
  onAngle,
  onLeftOut,
  onConfirmSameCar,
}: {
  car: ImportCar;
  index: number;
  busy: boolean;
  /** In the start the balance covers (shown before paying): true, false (waits), undefined (not ready). */
  willStart?: boolean;
  onName: (name: string, typed?: boolean) => void;
  onAngle: (photoId: string, angle: Angle | null) => void;
  onLeftOut: (photoId: string, leftOut: boolean) => void;
  onConfirmSameCar: (photoId: string) => void;
}) {
  const id = useId();
  const { sent, plan, leftOut, oddIds, byPlateIds, readiness } = useMemo(() => reviewCar(car), [car]);
  // A VIN names the car once decoded (unless the dealer typed a name).
  const lookup = useVinLookup(car.key.kind === 'vin' ? car.key.vin : null);
  const decoded = lookup.data?.name ?? null;
  useEffect(() => {
    if (decoded) onName(decoded.slice(0, CAR_PACKAGE_NAME_MAX), false);
    // Once per answer (the callback is a new function on every render).
  }, [decoded]);
  const started = car.status === 'started';
  const locked = busy || started || car.status === 'uploading' || car.status === 'starting';
  const sentIndex = new Map(sent.map((p, i) => [p.id, i]));
  const titleId = `${id}-title`;
  return (
    <li className="grid gap-4 rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid="import-car" data-car={car.id} data-status={car.status} aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={titleId} className="text-base font-semibold break-words text-slate-900">
            Car {index + 1}: {car.key.kind === 'vin' ? `VIN ${car.key.vin}` : `stock number ${car.key.stockNumber}`}
          </h3>
          <p className="text-sm text-slate-700">
            {started ? `${car.name} · ${sent.length} ${sent.length === 1 ? 'photo' : 'photos'} sent` : `${sent.length} of ${car.photos.length} ${car.photos.length === 1 ? 'photo' : 'photos'} will be sent`}
            {car.refused.length > 0 && `, ${car.refused.length} refused`}
          </p>
        </div>
        <CarStatus car={car} readiness={readiness} willStart={willStart} />
      </div>

      <div className={started ? 'hidden' : 'grid gap-2 md:max-w-md'}>
        <Label htmlFor={`${id}-name`}>Car Name / Description</Label>
        <Input id={`${id}-name`} value={car.name} onChange={(e) => onName(e.target.value)} maxLength={CAR_PACKAGE_NAME_MAX} autoComplete="off" disabled={locked} data-testid="import-car-name" />
        {car.key.kind === 'vin' && lookup.data && !decoded && <p className="text-xs text-slate-700">{INVENTORY_MESSAGES.notDecoded}</p>}
        {!started && lookup.data?.packages[0] && (
          <p className="text-sm font-medium text-amber-900" data-testid="import-car-duplicate">
            {INVENTORY_MESSAGES.vinOnAnotherPackage}{' '}
            <Link to={carPackagePath(lookup.data.packages[0].id)} className="text-brand-700 underline underline-offset-4">
              {INVENTORY_MESSAGES.openIt}
            </Link>{' '}
            <span className="font-normal text-slate-700">({lookup.data.packages[0].session_name})</span>
          </p>
        )}
      </div>

      {started && car.packageId ? (
        <p className="flex flex-wrap items-center gap-2 text-sm text-emerald-900" data-testid="import-car-started">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Started: the studio images are on their way.
          <Link to={carPackagePath(car.packageId)} className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4">
            Open {car.name}
            <ArrowRight className="size-3.5" aria-hidden="true" />
          </Link>
        </p>
      ) : (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label={`Photos of car ${index + 1}`}>
            {car.photos.map((photo, i) => (
              <ImportPhotoTile
                key={photo.id}
                photo={photo}
                index={i}
                disabled={locked}
                sentAt={sentIndex.get(photo.id)}
                leftOutFor={sentIndex.has(photo.id) && leftOut.has(sentIndex.get(photo.id)!) ? leftOut.get(sentIndex.get(photo.id)!)! + 1 : undefined}
                odd={oddIds.has(photo.id)}
                byPlate={byPlateIds.has(photo.id)}
                progress={car.status === 'uploading' && sentIndex.has(photo.id) ? (photo.uploaded ?? 0) : undefined}
                onAngle={(angle) => onAngle(photo.id, angle)}
                onLeftOut={(out) => onLeftOut(photo.id, out)}
                onConfirm={() => onConfirmSameCar(photo.id)}
              />
            ))}
          </ul>
          {car.refused.length > 0 && (
            <ul className="grid gap-1 text-sm" aria-label={`Files of car ${index + 1} that are not sent`} data-testid="import-car-refused">
              {car.refused.map((r) => (
                <li key={r.name} className="text-red-800">
                  <span className="font-medium break-all">{r.name}</span>: {r.reason}
                </li>
              ))}
            </ul>
          )}
          {sent.length > 0 && <CoverageDiagram plan={plan} photos={sent} checking={readiness.checking} regionLabel={`Angles covered of car ${index + 1}`} />}
        </>
      )}
      {car.error && (
        <p role="alert" className="text-sm font-medium text-red-700" data-testid="import-car-error">
          {car.error}
        </p>
      )}
    </li>
  );
}

function CarStatus({ car, readiness, willStart }: { car: ImportCar; readiness: CarReadiness; willStart?: boolean }) {
  if (car.status === 'started') return <Badge colour="green">Started</Badge>;
  if (car.status === 'uploading' || car.status === 'starting')
    return (
      <span className="flex items-center gap-1.5 text-sm text-slate-700">
        <Spinner label={STATUS_TEXT[car.status]} className="size-4" />
        {STATUS_TEXT[car.status]}
      </span>
    );
  if (readiness.checking > 0)
    return (
      <span className="flex items-center gap-1.5 text-sm text-slate-700">
        <Spinner label="Checking the photos" className="size-4" />
        Checking {readiness.checking} {readiness.checking === 1 ? 'photo' : 'photos'}…
      </span>
    );
  if (!readiness.ready)
    return (
      <p className="max-w-prose text-sm font-medium text-amber-900" data-testid="import-car-blocked">
        {readiness.blocker}
      </p>
    );
  if (car.status === 'failed') return <Badge colour="red">Not started</Badge>;
  return willStart === false ? <Badge colour="yellow">Waits for a credit</Badge> : <Badge colour="blue">Ready</Badge>;
}

/** A photo of the car: the form's thumbnail, with Leave out in place of Remove (and Put back once left out). */
function ImportPhotoTile({
  photo,
  index,
  disabled,
  sentAt,
  leftOutFor,
  odd,
  byPlate,
  progress,
  onAngle,
  onLeftOut,
  onConfirm,
}: {
  photo: ImportPhoto;
  index: number;
  disabled: boolean;
  sentAt?: number;
  leftOutFor?: number;
  odd: boolean;
  byPlate: boolean;
  progress?: number;
  onAngle: (angle: Angle | null) => void;
  onLeftOut: (leftOut: boolean) => void;
  onConfirm: () => void;
}) {
  if (photo.leftOut)
    return (
      <li className="grid content-start gap-2 rounded-lg border border-dashed border-slate-300 p-2 text-xs text-slate-700" data-testid="import-photo-left-out">
        <p className="break-all">
          <span className="font-medium">{photo.file.name}</span>: {IMPORT_MESSAGES.leftOut.toLowerCase()}.
        </p>
        <button type="button" onClick={() => onLeftOut(false)} disabled={disabled} className="justify-self-start rounded-md border border-slate-300 bg-white px-2 py-1 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
          Put it back
        </button>
      </li>
    );
  return (
    <PhotoThumbnail
      photo={photo}
      index={sentAt ?? index}
      disabled={disabled}
      progress={progress}
      check={photo.check}
      onRemove={() => onLeftOut(true)}
      onAngle={onAngle}
      usedInstead={leftOutFor}
      differentCar={odd ? { confirmed: photo.sameCarConfirmed, onConfirm, byPlate } : undefined}
      removeLabel={`Leave out ${photo.file.name}`}
    />
  );
}
