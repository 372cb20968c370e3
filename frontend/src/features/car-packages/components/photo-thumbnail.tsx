import { X } from 'lucide-react';
import { ANGLES, ANGLE_LABELS, type Angle } from '@shared/angles';
import { Progress } from '@/components/ui/progress';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import type { SelectedPhoto } from '../hooks/use-photo-selection';

const AUTO = 'auto';

const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** A chosen photo: preview, angle tag (Auto-detect or one of the 8), remove button, upload progress, its error. */
export function PhotoThumbnail({
  photo,
  index,
  disabled,
  progress,
  error,
  onRemove,
  onAngle,
}: {
  photo: SelectedPhoto;
  index: number;
  disabled: boolean;
  /** Upload progress 0..1 while uploading; undefined otherwise. */
  progress?: number;
  error?: string;
  onRemove: () => void;
  onAngle: (angle: Angle | null) => void;
}) {
  return (
    <li className="grid min-w-0 content-start gap-2" data-testid="photo-thumbnail">
      <div className={cn('relative aspect-[4/3] overflow-hidden rounded-lg bg-slate-100', error && 'ring-2 ring-red-500')}>
        <img src={photo.preview} alt={photo.file.name} className="size-full object-cover" />
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          aria-label={`Remove ${photo.file.name}`}
          className="absolute top-1.5 right-1.5 flex size-8 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-white disabled:hidden"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <p className="truncate text-xs text-slate-700" title={photo.file.name}>
        {photo.file.name} · {fileSize(photo.file.size)}
      </p>
      <Select value={photo.angle ?? AUTO} onValueChange={(value) => onAngle(value === AUTO ? null : (value as Angle))} disabled={disabled}>
        <SelectTrigger className="h-9 text-sm" aria-label={`Angle of photo ${index + 1}`}>
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
      {progress !== undefined && <Progress value={Math.round(progress * 100)} label={`Upload of ${photo.file.name}`} className="h-1.5" />}
      {error && (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}
