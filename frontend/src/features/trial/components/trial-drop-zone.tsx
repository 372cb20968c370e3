import { Upload } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from 'sonner';
import { ACCEPTED_IMAGE_TYPES, MAX_FILE_BYTES, MAX_TRIAL_PHOTOS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { cn } from '@/lib/utils';

const PHOTO_EXTENSIONS = [...new Set(Object.values(ACCEPTED_IMAGE_TYPES).flat())];
const maxMb = MAX_FILE_BYTES / (1024 * 1024);

/** The spec's generic rejection texts (section 5), with the file they concern. */
function rejectionText({ file, errors }: FileRejection): string {
  const code = errors[0]?.code;
  const text =
    code === 'file-invalid-type'
      ? MESSAGES.fileTypeInvalid(PHOTO_EXTENSIONS)
      : code === 'file-too-large'
        ? MESSAGES.fileTooLarge(MAX_FILE_BYTES)
        : code === 'file-too-small'
          ? MESSAGES.fileTooSmall(1)
          : MESSAGES.tooManyFiles;
  return `${file.name}: ${text}`;
}

/** Drop or browse up to 10 photos; a drop that would pass 10 is refused whole with the spec's toast. */
export function TrialDropZone({ count, disabled, onAdd }: { count: number; disabled: boolean; onAdd: (files: File[]) => void }) {
  const dropzone = useDropzone({
    accept: ACCEPTED_IMAGE_TYPES as unknown as Record<string, string[]>,
    maxSize: MAX_FILE_BYTES,
    minSize: 1,
    multiple: true,
    disabled,
    onDrop: (accepted, rejected) => {
      for (const rejection of rejected) toast.error(rejectionText(rejection));
      if (accepted.length === 0) return;
      if (count + accepted.length > MAX_TRIAL_PHOTOS) {
        const { title, description } = MESSAGES.tooManyTrialPhotos(MAX_TRIAL_PHOTOS);
        toast.error(title, { description });
        return;
      }
      onAdd(accepted);
    },
  });
  const { isDragActive } = dropzone;
  return (
    <div
      {...dropzone.getRootProps({
        className: cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          isDragActive ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-slate-50 hover:border-brand-500 hover:bg-brand-50/50',
          disabled && 'cursor-not-allowed opacity-60',
        ),
      })}
      data-testid="trial-drop-zone"
    >
      <input {...dropzone.getInputProps({ 'aria-label': 'Car photos' } as Parameters<typeof dropzone.getInputProps>[0])} data-testid="trial-photo-input" />
      <Upload className={cn('size-10', isDragActive ? 'text-brand-700' : 'text-slate-400')} aria-hidden="true" />
      <p className="font-semibold text-slate-900">{isDragActive ? 'Drop your photos here' : 'Drag & drop your car photos here, or click to browse'}</p>
      <p className="text-sm text-slate-600">
        {isDragActive ? 'Release to upload your car photos' : `Supports JPG, PNG, WebP • Max ${MAX_TRIAL_PHOTOS} photos • Up to ${maxMb}MB each`}
      </p>
    </div>
  );
}
