import { ImagePlus } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from 'sonner';
import { ACCEPTED_IMAGE_TYPES, MAX_CAR_PACKAGE_PHOTOS, MAX_FILE_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { cn } from '@/lib/utils';

const PHOTO_EXTENSIONS = [...new Set(Object.values(ACCEPTED_IMAGE_TYPES).flat())];
const maxMb = MAX_FILE_BYTES / (1024 * 1024);

/** The spec's generic rejection texts, with the file they concern. */
function rejectionText({ file, errors }: FileRejection): string {
  const error = errors[0];
  const text =
    error?.code === 'file-invalid-type'
      ? MESSAGES.fileTypeInvalid(PHOTO_EXTENSIONS)
      : error?.code === 'file-too-large'
        ? MESSAGES.fileTooLarge(MAX_FILE_BYTES)
        : error?.code === 'file-too-small'
          ? MESSAGES.fileTooSmall(1)
          : error?.code === 'too-many-files'
            ? MESSAGES.tooManyFiles
            : (error?.message ?? MESSAGES.tooManyFiles);
  return `${file.name}: ${text}`;
}

/**
 * Drop or browse photos: JPEG, PNG or WebP, 10 MB at most each, 15 per package. A drop that would pass 15 is
 * refused whole ("Maximum 15 photos allowed").
 */
export function PhotoDropZone({ count, disabled, onAdd }: { count: number; disabled: boolean; onAdd: (files: File[]) => boolean }) {
  const dropzone = useDropzone({
    accept: ACCEPTED_IMAGE_TYPES as unknown as Record<string, string[]>,
    maxSize: MAX_FILE_BYTES,
    minSize: 1,
    multiple: true,
    disabled,
    onDrop: (accepted, rejected) => {
      for (const rejection of rejected) toast.error(rejectionText(rejection));
      if (accepted.length === 0) return;
      if (!onAdd(accepted)) {
        const { title, description } = MESSAGES.tooManyPackagePhotos(MAX_CAR_PACKAGE_PHOTOS);
        toast.error(title, { description });
      }
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
        ),
      })}
      data-testid="photo-drop-zone"
    >
      <input {...dropzone.getInputProps({ 'aria-label': 'Car photos' } as Parameters<typeof dropzone.getInputProps>[0])} data-testid="photo-input" />
      <ImagePlus className={cn('size-10', isDragActive ? 'text-brand-700' : 'text-slate-400')} aria-hidden="true" />
      <p className="font-semibold text-slate-900">{isDragActive ? 'Drop your photos here' : 'Drag & drop photos of the car, or click to browse'}</p>
      <p className="text-sm text-slate-600">
        {isDragActive
          ? 'Release to upload your car photos'
          : `Supports JPG, PNG, WebP • Max ${MAX_CAR_PACKAGE_PHOTOS} photos • Up to ${maxMb}MB each`}
      </p>
      {count > 0 && !isDragActive && (
        <p className="text-sm font-medium text-brand-800">
          {count} of {MAX_CAR_PACKAGE_PHOTOS} photos selected
        </p>
      )}
    </div>
  );
}
