import { Camera, CheckCircle2, RotateCcw, SkipForward } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ANGLE_LABELS, ANGLES, type Angle } from '@shared/angles';
import type { CheckCarPhotoResponse } from '@shared/schemas/car-photo-check';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { checkCarPhoto } from '@/lib/car-photo-check';

/** Walking round the car once, clockwise from the front (the car's left is the driver's side in most markets). */
export const CAPTURE_ORDER: readonly Angle[] = ['front', 'front_left_corner', 'left_side', 'rear_left_corner', 'rear', 'rear_right_corner', 'right_side', 'front_right_corner'];

/** Where to stand, in the dealer's words. */
const WHERE: Record<Angle, string> = {
  front: 'Stand straight in front of the car, in line with its badge.',
  front_left_corner: "Stand off the car's front left corner (its left is the driver's side as you sit in it), so you see the front and the left side.",
  left_side: "Stand level with the middle of the car's left side.",
  rear_left_corner: "Stand off the car's rear left corner, so you see the back and the left side.",
  rear: 'Stand straight behind the car, in line with its badge.',
  rear_right_corner: "Stand off the car's rear right corner, so you see the back and the right side.",
  right_side: "Stand level with the middle of the car's right side.",
  front_right_corner: "Stand off the car's front right corner, so you see the front and the right side.",
};
const FRAMING = 'Step back until the whole car fits with a little space around it, phone held sideways at the height of the door handles.';

/** Where the dealer stands around the car seen from above (nose up; the car's left on the left), in the SVG's units. */
const SPOT: Record<Angle, [number, number]> = {
  front: [60, 8],
  front_left_corner: [14, 18],
  left_side: [6, 70],
  rear_left_corner: [14, 122],
  rear: [60, 132],
  rear_right_corner: [106, 122],
  right_side: [114, 70],
  front_right_corner: [106, 18],
};

/** The car from above and where to stand: a phone marker looking at the car. */
function WhereToStand({ angle }: { angle: Angle }) {
  const [x, y] = SPOT[angle];
  return (
    <svg viewBox="0 0 120 140" className="mx-auto h-40 w-auto" role="img" aria-label={`Where to stand for the ${ANGLE_LABELS[angle]}`} data-testid="capture-outline">
      <rect x="38" y="24" width="44" height="92" rx="14" fill="#e2e8f0" stroke="#64748b" strokeWidth="2" />
      <path d="M44 46 Q60 38 76 46 L74 56 L46 56 Z" fill="#94a3b8" />
      <path d="M46 96 L74 96 L76 104 Q60 108 44 104 Z" fill="#94a3b8" />
      <text x="60" y="34" textAnchor="middle" fontSize="7" fill="#334155">FRONT</text>
      <line x1={x} y1={y} x2="60" y2="70" stroke="#2563eb" strokeWidth="1.5" strokeDasharray="3 3" />
      <circle cx={x} cy={y} r="6" fill="#2563eb" />
      <circle cx={x} cy={y} r="2.5" fill="#fff" />
    </svg>
  );
}

export interface CapturedPhoto {
  file: File;
  /** The step's angle: the dealer took it for this angle (and kept it if the suggestion differed). */
  angle: Angle;
  check: CheckCarPhotoResponse | null;
}

type Shot = { file: File; preview: string; state: 'checking' } | { file: File; preview: string; state: 'done'; check: CheckCarPhotoResponse } | { file: File; preview: string; state: 'failed'; message: string };

/** Offered on phones and tablets: a touch screen, a coarse pointer. */
export function isTouchDevice(): boolean {
  return typeof window !== 'undefined' && (navigator.maxTouchPoints > 0 || window.matchMedia?.('(pointer: coarse)').matches === true);
}

/**
 * Take photos: one step per angle with the rear camera, each shot checked at once (the car check and the angle
 * suggestion); a shot that looks like another angle asks "retake or keep?". Ends with the kept photos handed to the form.
 */
export function GuidedCapture({ open, onOpenChange, onDone }: { open: boolean; onOpenChange: (open: boolean) => void; onDone: (photos: CapturedPhoto[]) => void }) {
  const [step, setStep] = useState(0);
  const [kept, setKept] = useState<CapturedPhoto[]>([]);
  const [shot, setShot] = useState<Shot | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const angle = CAPTURE_ORDER[step]!;
  const finished = step >= CAPTURE_ORDER.length;

  // A shot's preview is released when another shot (or none) takes its place.
  const preview = shot?.preview;
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const reset = () => {
    setStep(0);
    setKept([]);
    setShot(null);
  };

  const take = (file: File) => {
    const preview = URL.createObjectURL(file);
    setShot({ file, preview, state: 'checking' });
    checkCarPhoto(file).then(
      (check) => setShot((s) => (s?.file === file ? { file, preview, state: 'done', check } : s)),
      (error: Error) => setShot((s) => (s?.file === file ? { file, preview, state: 'failed', message: error.message } : s)),
    );
  };

  const keep = () => {
    if (!shot || shot.state === 'checking') return;
    setKept((k) => [...k, { file: shot.file, angle, check: shot.state === 'done' ? shot.check : null }]);
    setShot(null);
    setStep((s) => s + 1);
  };
  const skip = () => {
    setShot(null);
    setStep((s) => s + 1);
  };
  const retake = () => {
    setShot(null);
    input.current?.click();
  };

  const skipped = CAPTURE_ORDER.filter((a) => !kept.some((p) => p.angle === a));
  const check = shot?.state === 'done' ? shot.check : undefined;
  const refused = check && !check.car ? check.message : undefined;
  const otherAngle = check?.car && check.angle !== angle ? check.angle : undefined;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent className="max-w-lg" data-testid="guided-capture">
        {finished ? (
          <>
            <DialogHeader>
              <DialogTitle>
                Done: {kept.length} of {CAPTURE_ORDER.length} angles
              </DialogTitle>
              <DialogDescription>
                {kept.length === 0
                  ? 'No photo was taken: every angle was skipped.'
                  : `${kept.length === 1 ? 'One photo' : `${kept.length} photos`}, one for each angle below. They go into the car package form with their angles; you can still change or remove them there.`}
                {skipped.length > 0 && kept.length > 0 && ` Skipped: ${skipped.map((a) => ANGLE_LABELS[a]).join(', ')}.`}
              </DialogDescription>
            </DialogHeader>
            {/* Chips wrap to as many lines as they need: a label is never cut on a phone. */}
            <ul className="flex flex-wrap gap-1.5" aria-label="Angles taken" data-testid="capture-done-angles">
              {kept.map((p) => (
                <li key={p.angle} className="rounded bg-slate-100 px-2 py-1 text-xs text-slate-800">
                  {ANGLE_LABELS[p.angle]}
                </li>
              ))}
            </ul>
            <Button
              disabled={kept.length === 0}
              onClick={() => {
                onDone(kept);
                onOpenChange(false);
                reset();
              }}
            >
              <CheckCircle2 aria-hidden="true" />
              Use these photos
            </Button>
          </>
        ) : (
          <>
            <DialogHeader>
              <p className="text-sm font-medium text-brand-700" data-testid="capture-step">
                Step {step + 1} of {CAPTURE_ORDER.length}
              </p>
              <DialogTitle>{ANGLE_LABELS[angle]}</DialogTitle>
              <DialogDescription>{WHERE[angle]}</DialogDescription>
            </DialogHeader>
            {shot ? (
              <img src={shot.preview} alt={`Your photo for the ${ANGLE_LABELS[angle]}`} className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />
            ) : (
              <>
                <WhereToStand angle={angle} />
                <p className="text-sm text-slate-700">{FRAMING}</p>
              </>
            )}
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              capture="environment"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="capture-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) take(file);
              }}
            />
            <div role="status" className="grid gap-2 text-sm" data-testid="capture-verdict">
              {shot?.state === 'checking' && (
                <p className="flex items-center gap-2 text-slate-700">
                  <Spinner label="Checking the photo" className="size-4" />
                  Checking the photo…
                </p>
              )}
              {refused && <p className="font-medium text-red-700">{refused} Please take it again.</p>}
              {otherAngle && (
                <p className="font-medium text-amber-900">
                  This looks like the {ANGLE_LABELS[otherAngle]}, not the {ANGLE_LABELS[angle]}: retake or keep?
                </p>
              )}
              {check?.car && !otherAngle && <p className="font-medium text-emerald-800">Looks right: the {ANGLE_LABELS[angle]}.</p>}
              {shot?.state === 'failed' && <p className="text-slate-800">{shot.message} You can keep the photo (it is checked again when you generate) or retake it.</p>}
            </div>
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {!shot && (
                <Button onClick={() => input.current?.click()}>
                  <Camera aria-hidden="true" />
                  Take the photo
                </Button>
              )}
              {shot && shot.state !== 'checking' && (
                <>
                  <Button variant={check?.car && !otherAngle ? 'outline' : 'default'} onClick={retake}>
                    <RotateCcw aria-hidden="true" />
                    Retake
                  </Button>
                  {!refused && (
                    <Button variant={check?.car && !otherAngle ? 'default' : 'outline'} onClick={keep}>
                      <CheckCircle2 aria-hidden="true" />
                      {otherAngle ? `Keep as ${ANGLE_LABELS[angle]}` : 'Keep and go on'}
                    </Button>
                  )}
                </>
              )}
              {!shot && (
                <Button variant="ghost" onClick={skip}>
                  <SkipForward aria-hidden="true" />
                  Skip this angle
                </Button>
              )}
            </div>
            <p className="text-xs text-slate-600">
              {kept.length} of {ANGLES.length} angles taken
            </p>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
