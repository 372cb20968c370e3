import { Sparkles, X } from 'lucide-react';
import { ANGLES, ANGLE_LABELS, type Angle } from '@shared/angles';
import { CAR_CHECK_MESSAGES, CAR_PACKAGE_MESSAGES } from '@shared/messages';
import { PLATE_REASON } from '@shared/same-car';
import type { CheckCarPhotoResponse } from '@shared/schemas/car-photo-check';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatFileSize } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { SelectedPhoto } from '../hooks/use-photo-selection';

const AUTO = 'auto';


/** The car check of a photo as the form knows it: still running, answered, or not available (then the start checks). */
export type PhotoCheckState = { status: 'checking' } | { status: 'done'; result: CheckCarPhotoResponse } | { status: 'failed'; message: string };

/**
 * A chosen photo: preview, angle tag (Auto-detect or one of the 8; the car check's suggestion pre-selected and marked),
 * the car check's refusal or warnings, remove button, upload progress, its error.
 */
export function PhotoThumbnail({
  photo,
  index,
  disabled,
  progress,
  error,
  check,
  onRemove,
  onAngle,
  differentCar,
  usedInstead,
  removeLabel,
}: {
  photo: SelectedPhoto;
  index: number;
  disabled: boolean;
  /** Upload progress 0..1 while uploading; undefined otherwise. */
  progress?: number;
  error?: string;
  check?: PhotoCheckState;
  onRemove: () => void;
  onAngle: (angle: Angle | null) => void;
  /**
   * Set when the photo likely shows another car than the others: flagged until removed or confirmed. `byPlate`: its
   * number plate reads differently from the main car's (shared/same-car.ts sameCarReason), said plainly.
   */
  differentCar?: { confirmed: boolean; onConfirm: () => void; byPlate?: boolean };
  /** Set when an earlier photo gives the same angle: that photo's number (from 1); this one is left out. */
  usedInstead?: number;
  /** The remove button's name (the import leaves a photo out): "Remove <file>" without it. */
  removeLabel?: string;
}) {
  const result = check?.status === 'done' ? check.result : undefined;
  const refusal = result && !result.car ? result.message : undefined;
  const suggestion = result?.car && photo.suggested && photo.angle === result.angle ? result : undefined;
  return (
    <li className="grid min-w-0 grid-cols-1 content-start gap-2" data-testid="photo-thumbnail">
      <div className={cn('relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-100', (error || refusal) && 'ring-2 ring-red-500', differentCar && !differentCar.confirmed && !refusal && 'ring-2 ring-amber-500')}>
        <img src={photo.preview} alt={photo.file.name} className="size-full object-cover" />
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={removeLabel ?? `Remove ${photo.file.name}`}
          className="absolute top-1.5 right-1.5 flex size-8 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-white disabled:hidden"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p className="truncate text-xs text-slate-700" title={photo.file.name}>
        {photo.file.name} · {formatFileSize(photo.file.size)}
      </p>
      <Select value={photo.angle ?? AUTO} onValueChange={(value) => onAngle(value === AUTO ? null : (value as Angle))} disabled={disabled}>
        <SelectTrigger className="h-9 text-sm" aria-label={`Angle of photo ${index + 1}`} aria-describedby={suggestion ? `${photo.id}-suggested` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={AUTO}>Auto-detect</SelectItem>
          {ANGLES.map((angle) => (
            <SelectItem key={angle} value={angle}>
              {ANGLE_LABELS[angle]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {check?.status === 'checking' && (
        <p className="flex items-center gap-1.5 text-xs text-slate-600">
          <Spinner label="Checking the photo" className="size-3.5" />
          Checking the photo…
        </p>
      )}
      {suggestion && (
        <p id={`${photo.id}-suggested`} className="flex flex-wrap items-center gap-1.5 text-xs text-slate-700">
          <Badge colour={suggestion.low_confidence ? 'yellow' : 'blue'} data-testid="angle-suggested">
            <Sparkles className="mr-1 size-3" aria-hidden="true" />
            Suggested
          </Badge>
          {suggestion.low_confidence && <span className="font-medium text-amber-900">{CAR_CHECK_MESSAGES.lowConfidence}</span>}
        </p>
      )}
      {usedInstead !== undefined && photo.angle && (
        <p className="text-xs font-medium text-amber-900" data-testid="photo-left-out">
          {CAR_PACKAGE_MESSAGES.photoLeftOut(ANGLE_LABELS[photo.angle], usedInstead)}
        </p>
      )}
      {result?.car &&
        result.warnings.map((warning) => (
          <p key={warning} className="text-xs text-amber-900">
            {warning}
          </p>
        ))}
      {refusal && (
        <p role="alert" className="text-xs font-medium text-red-700" data-testid="photo-refused">
          {refusal}
        </p>
      )}
      {differentCar && !refusal && (
        <div className="grid gap-1.5" data-testid="different-car">
          {differentCar.confirmed ? (
            <p className="text-xs text-slate-700">You confirmed this is the same car.</p>
          ) : (
            <>
              <p role="alert" className="text-xs font-medium text-amber-900">
                {CAR_CHECK_MESSAGES.differentCar}
                {differentCar.byPlate && <span data-testid="different-plate">: {PLATE_REASON}</span>}
              </p>
              <button
                type="button"
                onClick={differentCar.onConfirm}
                disabled={disabled}
                className="justify-self-start rounded-md border border-amber-400 bg-white px-2 py-1 text-xs font-medium text-amber-950 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                It is the same car
              </button>
            </>
          )}
        </div>
      )}
      {check?.status === 'failed' && !error && <p className="text-xs text-red-700">{check.message}</p>}
      {progress !== undefined && <Progress value={Math.round(progress * 100)} label={`Upload of ${photo.file.name}`} className="h-1.5" />}
      {error && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}
