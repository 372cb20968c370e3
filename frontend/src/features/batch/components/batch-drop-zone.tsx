import { ImagePlus } from 'lucide-react';
import { toast } from 'sonner';
import { BATCH_MESSAGES, MESSAGES } from '@shared/messages';
import { PhotoDropArea } from '@/components/photo-drop-area/photo-drop-area';

/** Drop or browse photos: JPG, PNG or WebP, 10 MB at most each; a drop that would pass 10 photos is refused whole. */
export function BatchDropZone({ disabled, onAdd }: { disabled: boolean; onAdd: (files: File[]) => boolean }) {
  return (
    <PhotoDropArea
      disabled={disabled}
      onAccept={(files) => {
        if (!onAdd(files)) toast.error(MESSAGES.tooManyBatchPhotos.title, { description: MESSAGES.tooManyBatchPhotos.description });
      }}
      icon={ImagePlus}
      title={BATCH_MESSAGES.dropTitle}
      activeTitle={BATCH_MESSAGES.dropActive}
      hint={BATCH_MESSAGES.dropHint}
      inputLabel="Vehicle photos"
      testId="batch-drop-zone"
      inputTestId="batch-photo-input"
    />
  );
}
