import { ImagePlus } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { toast } from 'sonner';
import { ACCEPTED_IMAGE_TYPES, MAX_FILE_BYTES } from '@shared/limits';
import { BATCH_MESSAGES, MESSAGES } from '@shared/messages';
import { cn } from '@/lib/utils';

const PHOTO_EXTENSIONS = [...new Set(Object.values(ACCEPTED_IMAGE_TYPES).flat())];

/** The spec's generic rejection texts, with the file they concern. */
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

/** Drop or browse photos: JPEG, PNG or WebP, 10 MB at most each; a drop that would pass 10 photos is refused whole. */
export function BatchDropZone({ disabled, onAdd }: { disabled: boolean; onAdd: (files: File[]) => boolean }) {
  const dropzone = useDropzone({
    accept: ACCEPTED_IMAGE_TYPES as unknown as Record<string, string[]>,
    maxSize: MAX_FILE_BYTES,
    minSize: 1,
    multiple: true,
    disabled,
    onDrop: (accepted, rejected) => {
      for (const rejection of rejected) toast.error(rejectionText(rejection));
      if (accepted.length > 0 && !onAdd(accepted)) toast.error(MESSAGES.tooManyBatchPhotos.title, { description: MESSAGES.tooManyBatchPhotos.description });
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
      data-testid="batch-drop-zone"
    >
      <input {...dropzone.getInputProps({ 'aria-label': 'Vehicle photos' } as Parameters<typeof dropzone.getInputProps>[0])} data-testid="batch-photo-input" />
      <ImagePlus className={cn('size-10', isDragActive ? 'text-brand-700' : 'text-slate-400')} aria-hidden="true" />
      <p className="font-semibold text-slate-900">{isDragActive ? BATCH_MESSAGES.dropActive : BATCH_MESSAGES.dropTitle}</p>
      <p className="text-sm text-slate-600">{BATCH_MESSAGES.dropHint}</p>
    </div>
  );
}
