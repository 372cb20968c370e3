import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from 'sonner';
import { ACCEPTED_IMAGE_TYPES, MAX_FILE_BYTES } from '@shared/limits';
import { fileKinds, megabytes, MESSAGES } from '@shared/messages';
import { photoTypeRefusal } from '@shared/photo-types';
import { cn } from '@/lib/utils';

/** "JPG, PNG or WebP • Max 15 photos • Up to 10 MB each": the limits as a drop area's hint. */
export function photoLimitsHint(maxPhotos: number): string {
  return `${fileKinds(Object.values(ACCEPTED_IMAGE_TYPES).flat())} • Max ${maxPhotos} photos • Up to ${megabytes(MAX_FILE_BYTES)} MB each`;
}

/** The spec's generic rejection texts (section 5), with the file they concern; HEIC and AVIF named, with what to do. */
function rejectionText({ file, errors }: FileRejection): string {
  const code = errors[0]?.code;
  const text =
    code === 'file-invalid-type'
      ? photoTypeRefusal(file)
      : code === 'file-too-large'
        ? MESSAGES.fileTooLarge(MAX_FILE_BYTES)
        : code === 'file-too-small'
          ? MESSAGES.fileTooSmall(1)
          : MESSAGES.tooManyFiles;
  return `${file.name}: ${text}`;
}

export interface PhotoDropAreaProps {
  disabled: boolean;
  /** The photos a drop or browse accepted (never none); each refused file has already had its toast. */
  onAccept: (files: File[]) => void;
  icon: LucideIcon;
  title: string;
  /** The title while files are dragged over the area. */
  activeTitle: string;
  hint: string;
  /** The hint while files are dragged over the area; the hint itself without one. */
  activeHint?: string;
  /** Shown under the hint while nothing is dragged over the area. */
  note?: ReactNode;
  /** The file input's accessible name. */
  inputLabel: string;
  testId: string;
  inputTestId: string;
  /** Extra classes for the area (later Tailwind classes win, e.g. a taller padding). */
  className?: string;
}

/**
 * Drop or browse photos: JPEG, PNG or WebP, 10 MB at most each, several at once. Refused files get the spec's
 * toast each; how many photos may be added is the caller's to decide in `onAccept`.
 */
export function PhotoDropArea({ disabled, onAccept, icon: Icon, title, activeTitle, hint, activeHint, note, inputLabel, testId, inputTestId, className }: PhotoDropAreaProps) {
  const dropzone = useDropzone({
    accept: ACCEPTED_IMAGE_TYPES as unknown as Record<string, string[]>,
    maxSize: MAX_FILE_BYTES,
    minSize: 1,
    multiple: true,
    disabled,
    onDrop: (accepted, rejected) => {
      for (const rejection of rejected) toast.error(rejectionText(rejection));
      if (accepted.length > 0) onAccept(accepted);
    },
  });
  const { isDragActive } = dropzone;
  return (
    <div
      {...dropzone.getRootProps({
        className: cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-500 hover:bg-brand-50/50',
          disabled && 'cursor-not-allowed opacity-60',
          className,
        ),
      })}
      data-testid={testId}
    >
      <input {...dropzone.getInputProps({ 'aria-label': inputLabel } as Parameters<typeof dropzone.getInputProps>[0])} data-testid={inputTestId} />
      <Icon className={cn('size-10', isDragActive ? 'text-brand-700' : 'text-slate-400')} aria-hidden="true" />
      <p className="font-semibold text-slate-900">{isDragActive ? activeTitle : title}</p>
      <p className="text-sm text-slate-600">{isDragActive ? (activeHint ?? hint) : hint}</p>
      {!isDragActive && note}
    </div>
  );
}
