import { Camera, FolderUp, Sparkles } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { ANGLES, angleCount, type Angle } from '@shared/angles';
import { photosLeftOut, planCoverage } from '@shared/angle-plan';
import { oddPhotos, sameCarReason, type CarAppearance } from '@shared/same-car';
import { DEFAULT_BACKGROUND, type Background } from '@shared/backgrounds';
import { CAR_PACKAGE_NAME_MAX, MAX_CAR_PACKAGE_PHOTOS } from '@shared/limits';
import { CAR_CHECK_MESSAGES, CAR_PACKAGE_MESSAGES, MESSAGES } from '@shared/messages';
import { BackgroundPicker } from '@/components/background-picker/background-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { OPEN_PHOTO_GUIDE_FLAG, raiseSessionFlag } from '@/lib/session-flags';
import { usePhotoChecks } from '../api/check-photo';
import { useCreateCarPackage, type CreatePhase } from '../api/create-car-package';
import { useDealerLogo } from '../api/profile';
import { usePhotoSelection } from '../hooks/use-photo-selection';
import { CoverageDiagram } from './coverage-diagram';
import { GenerateConfirmDialog } from './generate-confirm-dialog';
import { GuidedCapture, isTouchDevice, type CapturedPhoto } from './guided-capture';
import { carPackageKeys } from '../api/query-keys';
import { LogoToggle } from './logo-toggle';
import { MirrorFillToggle } from './mirror-fill-toggle';
import { PlateTreatmentSelect } from '@/components/plate-treatment-select';
import { PLATE_MESSAGES, type PlateTreatment } from '@shared/plates';
import { refusedPhotos, startErrorToast } from './start-error';
import { PhotoDropZone } from './photo-drop-zone';
import { PhotoThumbnail, type PhotoCheckState } from './photo-thumbnail';
import { WhatHappensNext } from './what-happens-next';
import { normaliseVin } from '@shared/vin';
import { stockNumberError, VinFields, vinState } from './vin-fields';

const SUBMIT_LABEL = 'Generate 8-Photo Car Package (1 Credit)';

/** Today's label with every angle covered; otherwise how many angles the credit buys (the package is those angles). */
function submitLabel(covered: number): string {
  return covered === ANGLES.length ? SUBMIT_LABEL : `Generate ${angleCount(covered)} (1 credit)`;
}

/** While the photos' checks run: how many have answered. */
const checkingLabel = (done: number, all: number) => `Checking photos (${done} of ${all})…`;

function busyLabel(phase: CreatePhase | null, count: number): string {
  if (phase === 'uploading') return `Uploading ${count} ${count === 1 ? 'photo' : 'photos'}...`;
  if (phase === 'starting') return 'Starting processing...';
  return 'Preparing upload...';
}

/** Create New Package: name, background, photos with angle tags, optional logo; uploads, then starts the package. */
export function PackageForm({ onStarted, credits, buyCredits, onImport }: {
  onStarted: (packageId: string) => void;
  /** Opens "Import many cars" (a day's shoot, one draft per car); absent: not offered. */
  onImport?: () => void;
  /** The dealer's balance (undefined while loading). */
  credits?: number;
  /** The Buy Credits action, offered above the photos when the balance is 0. */
  buyCredits?: ReactNode;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [vin, setVin] = useState('');
  const [stockNumber, setStockNumber] = useState('');
  // A VIN typed but not (yet) a VIN, or a stock number with other characters: nothing is sent until corrected.
  const inventoryBlocked = (normaliseVin(vin) !== '' && vinState(vin).vin === null) || stockNumberError(stockNumber) !== null;
  const [background, setBackground] = useState<Background>(DEFAULT_BACKGROUND);
  const [useLogo, setUseLogo] = useState(false);
  const [fillMissingSides, setFillMissingSides] = useState(false);
  const [phase, setPhase] = useState<CreatePhase | null>(null);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const [photoErrors, setPhotoErrors] = useState<Record<string, string>>({});
  const selection = usePhotoSelection();
  const { hasLogo, previewUrl, plateDefault, isPending: profilePending } = useDealerLogo();
  // The dealer's choice for this package; until then the default from Settings (a logo plate without a logo, the
  // logo since removed, is blurred instead: the plate stays hidden, as the dealer asked).
  const [plateChoice, setPlateChoice] = useState<PlateTreatment | null>(null);
  const plate = plateChoice ?? (plateDefault === 'logo' && !hasLogo ? 'blur' : plateDefault);
  const create = useCreateCarPackage({
    onPhase: setPhase,
    onPhotoProgress: (photoId, fraction) => setProgress((p) => ({ ...p, [photoId]: fraction })),
  });
  const processing = create.isPending;
  const { photos } = selection;
  // Each photo is checked as soon as it is added: a refusal shows at once, the suggested angle is pre-selected.
  const checks = usePhotoChecks(photos);
  const checkOf = (index: number): PhotoCheckState | undefined => {
    const q = checks[index];
    if (!q) return undefined;
    if (q.isSuccess) return { status: 'done', result: q.data };
    if (q.isError) return { status: 'failed', message: q.error.message };
    return { status: 'checking' };
  };
  const { suggestAngle } = selection;
  const suggestions = checks.map((q) => (q.data?.car ? q.data.angle : null)).join(',');
  useEffect(() => {
    photos.forEach((photo, i) => {
      const data = checks[i]?.data;
      if (data?.car) suggestAngle(photo.id, data.angle);
    });
    // Runs when an answer arrives (the joined suggestions change), not on every render.
  }, [suggestions, suggestAngle]);
  const refusedCount = checks.filter((q) => q.data && !q.data.car).length;
  // Photos whose check has not answered yet: no decision (nor charge) is offered on half-known facts.
  const checking = photos.filter((_, i) => checkOf(i)?.status === 'checking').length;
  // The same plan the start answers (shared/angle-plan.ts), from the angles the form will send.
  const angleKey = photos.map((p) => p.angle ?? '').join(',');
  const photoAngles = useMemo(() => (angleKey ? angleKey.split(',').map((a) => (a || null) as Angle | null) : []), [angleKey]);
  const plan = useMemo(() => planCoverage(photoAngles, { fillMissingSides }), [photoAngles, fillMissingSides]);
  // Two photos of one angle: the plan uses the first, and the other says so.
  const leftOut = useMemo(() => photosLeftOut(photoAngles), [photoAngles]);
  // Mirror images the switch would add (or added): the switch is offered only while it makes a difference.
  const mirrorAngles = fillMissingSides ? plan.angles.filter((a) => a.source === 'mirror').length : plan.mirror_possible;
  const [confirming, setConfirming] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const [touch] = useState(isTouchDevice);
  const client = useQueryClient();
  // The guided capture's photos join the form with their angles, their car checks already answered (not sent again).
  const addCaptured = (captured: CapturedPhoto[]) => {
    const ids = selection.addTagged(captured.map(({ file, angle }) => ({ file, angle })));
    if (!ids) {
      const { title, description } = MESSAGES.tooManyPackagePhotos(MAX_CAR_PACKAGE_PHOTOS);
      toast.error(title, { description });
      return;
    }
    ids.forEach((photoId, i) => {
      const check = captured[i]!.check;
      if (check) client.setQueryData(carPackageKeys.photoCheck(photoId), check);
    });
  };
  // Same car, or say so: a photo whose paint, shape, look or plate is far from the main car's is flagged until removed or confirmed.
  // Its shape is compared from the angle it is tagged with (the dealer's tag over the check's suggestion).
  const appearanceKey = JSON.stringify(
    checks.map((q, i): CarAppearance | null => {
      const appearance = q.data?.car ? q.data.appearance : null;
      const tagged = photos[i]?.angle;
      return appearance?.shape && tagged ? { ...appearance, shape: { ...appearance.shape, angle: tagged } } : appearance;
    }),
  );
  // Recomputed when a measurement or a tag changes (the key), not on every render of the check queries.
  const { odd, byPlate } = useMemo(() => {
    const appearances = JSON.parse(appearanceKey) as (CarAppearance | null)[];
    const flagged = oddPhotos(appearances);
    // Flagged by the plate: the thumbnail says so (the dealer can check the plate at a glance).
    return { odd: new Set(flagged), byPlate: new Set(flagged.filter((i) => sameCarReason(appearances, i) === 'plate')) };
  }, [appearanceKey]);
  const [sameCarConfirmed, setSameCarConfirmed] = useState<ReadonlySet<string>>(new Set());
  const unconfirmedOdd = photos.filter((p, i) => odd.has(i) && !sameCarConfirmed.has(p.id)).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (processing) return;
    // The button is disabled without a name or photos (and a form does not submit through it); kept as a guard.
    if (!name.trim()) {
      toast.error(MESSAGES.sessionNameRequired.title, { description: MESSAGES.sessionNameRequired.description });
      return;
    }
    if (photos.length === 0) {
      toast.error(MESSAGES.noPhotosSelectedTitle, { description: MESSAGES.noPhotosPackage });
      return;
    }
    if (refusedCount > 0 || unconfirmedOdd > 0 || checking > 0 || plan.covered === 0 || inventoryBlocked) return;
    // Fewer than 8 angles: the dealer says yes once, knowing what the credit buys.
    if (plan.covered < ANGLES.length) setConfirming(true);
    else generate();
  };

  const generate = () => {
    setConfirming(false);
    const sessionName = name.trim();
    setPhotoErrors({});
    setProgress(Object.fromEntries(photos.map((p) => [p.id, 0])));
    const count = photos.length;
    create.mutate(
      {
        sessionName,
        background,
        useLogo: useLogo && hasLogo,
        fillMissingSides: fillMissingSides && mirrorAngles > 0,
        // Until the profile has answered, the shown default is the product's, not the dealer's: the server applies the
        // dealer's own default instead (a dealer who blurs plates by default never gets a package with them kept).
        plate: plateChoice ?? (profilePending ? undefined : plate),
        vin: vinState(vin).vin ?? undefined,
        stockNumber: stockNumber.trim() || undefined,
        photos: photos.map(({ id: photoId, file, angle }) => ({ id: photoId, file, angle })),
      },
      {
        onSuccess: ({ package: started }) => {
          const { title, description } = MESSAGES.packageStarted(count, sessionName);
          toast.success(title, { description });
          selection.clear();
          setName('');
          setVin('');
          setStockNumber('');
          setProgress({});
          onStarted(started.id);
        },
        onError: (error) => {
          startErrorToast(error);
          setProgress({});
          setPhotoErrors(refusedPhotos(error, photos));
        },
        onSettled: () => setPhase(null),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle>Create New Package</CardTitle>
          {onImport && (
            <Button type="button" variant="outline" size="sm" onClick={onImport} disabled={processing} data-testid="import-many-cars-button">
              <FolderUp aria-hidden="true" />
              Import many cars
            </Button>
          )}
        </div>
        <CardDescription>
          Add up to 15 photos of one car and get the studio angles they show, up to 8.{' '}
          <Link to="/dashboard/support" onClick={() => raiseSessionFlag(OPEN_PHOTO_GUIDE_FLAG)} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            How to shoot the photos
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid gap-6">
          <div className="grid gap-6 md:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={`${id}-name`}>Car Name / Description</Label>
              <Input
                id={`${id}-name`}
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={CAR_PACKAGE_NAME_MAX}
                placeholder="e.g. 2021 Toyota Camry SE"
                autoComplete="off"
                disabled={processing}
              />
            </div>
            <BackgroundPicker label="Background Style" value={background} onChange={setBackground} disabled={processing} />
          </div>

          <VinFields
            idPrefix={id}
            vin={vin}
            stockNumber={stockNumber}
            onVin={setVin}
            onStockNumber={setStockNumber}
            onDecodedName={(decoded) => setName((typed) => (typed.trim() ? typed : decoded))}
            disabled={processing}
          />

          {credits === 0 && (
            <div role="status" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="no-credits">
              <p>
                <span className="font-semibold">You have 0 credits.</span> A car package costs 1 credit: buy credits before you add photos.
              </p>
              {buyCredits}
            </div>
          )}

          {hasLogo && <LogoToggle previewUrl={previewUrl} checked={useLogo} onChange={setUseLogo} disabled={processing} />}

          <PlateTreatmentSelect value={plate} onChange={setPlateChoice} disabled={processing} hint={PLATE_MESSAGES.formHint} logoAvailable={hasLogo} />

          {touch && (
            <div className="grid gap-2 rounded-xl border border-brand-200 bg-brand-50 p-3">
              <p className="text-sm text-slate-800">At the car with your phone? We guide you round it, one angle at a time, and check each shot.</p>
              <Button type="button" size="lg" variant="default" onClick={() => setCapturing(true)} disabled={processing}>
                <Camera aria-hidden="true" />
                Take photos
              </Button>
              <GuidedCapture open={capturing} onOpenChange={setCapturing} onDone={addCaptured} />
            </div>
          )}

          <PhotoDropZone count={photos.length} disabled={processing} onAdd={selection.add} />

          {photos.length > 0 && (
            <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-label="Selected photos">
              {photos.map((photo, index) => (
                <PhotoThumbnail
                  key={photo.id}
                  photo={photo}
                  index={index}
                  disabled={processing}
                  progress={processing ? progress[photo.id] : undefined}
                  error={photoErrors[photo.id]}
                  check={checkOf(index)}
                  onRemove={() => {
                    selection.remove(photo.id);
                    setPhotoErrors(({ [photo.id]: _gone, ...rest }) => rest);
                  }}
                  onAngle={(angle) => selection.setAngle(photo.id, angle)}
                  usedInstead={leftOut.has(index) ? leftOut.get(index)! + 1 : undefined}
                  differentCar={odd.has(index) ? { confirmed: sameCarConfirmed.has(photo.id), onConfirm: () => setSameCarConfirmed((s) => new Set(s).add(photo.id)), byPlate: byPlate.has(index) } : undefined}
                />
              ))}
            </ul>
          )}

          {photos.length > 0 && <CoverageDiagram plan={plan} photos={photos} checking={checking} />}

          {photos.length > 0 && checking === 0 && (mirrorAngles > 0 || fillMissingSides) && (
            <MirrorFillToggle checked={fillMissingSides} onChange={setFillMissingSides} disabled={processing} adds={mirrorAngles} />
          )}

          <WhatHappensNext />

          {refusedCount > 0 && (
            <p role="status" className="text-sm font-medium text-red-700">
              {refusedCount === 1 ? 'One photo cannot be used' : `${refusedCount} photos cannot be used`}: remove {refusedCount === 1 ? 'it' : 'them'} or replace {refusedCount === 1 ? 'it' : 'them'} to generate.
            </p>
          )}

          {unconfirmedOdd > 0 && (
            <p role="status" className="text-sm font-medium text-amber-900">
              {CAR_CHECK_MESSAGES.differentCarsBlock(unconfirmedOdd)}
            </p>
          )}

          {photos.length > 0 && checking === 0 && refusedCount === 0 && plan.covered === 0 && (
            <p role="status" className="text-sm font-medium text-red-700" data-testid="no-angles">
              {CAR_PACKAGE_MESSAGES.noAnglesYet}
            </p>
          )}

          {credits === 0 && buyCredits && !processing ? (
            // At 0 credits the action is to buy them: Generate itself becomes Buy Credits.
            <div className="grid [&>*]:w-full" data-testid="generate-buys-credits">
              {buyCredits}
            </div>
          ) : (
            <Button
              type="submit"
              size="lg"
              disabled={photos.length === 0 || !name.trim() || processing || refusedCount > 0 || unconfirmedOdd > 0 || checking > 0 || plan.covered === 0 || inventoryBlocked}
              className="h-auto min-h-12 w-full py-3 whitespace-normal"
            >
              {processing ? (
                <>
                  <Spinner label={busyLabel(phase, photos.length)} className="size-5" />
                  {busyLabel(phase, photos.length)}
                </>
              ) : checking > 0 ? (
                <>
                  <Spinner label={checkingLabel(photos.length - checking, photos.length)} className="size-5" />
                  {checkingLabel(photos.length - checking, photos.length)}
                </>
              ) : (
                <>
                  <Sparkles aria-hidden="true" />
                  {photos.length === 0 ? SUBMIT_LABEL : submitLabel(plan.covered)}
                </>
              )}
            </Button>
          )}
          <GenerateConfirmDialog plan={plan} open={confirming} onOpenChange={setConfirming} onConfirm={generate} />
        </form>
      </CardContent>
    </Card>
  );
}
