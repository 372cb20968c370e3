import { Upload } from 'lucide-react';
import { toast } from 'sonner';
import { MAX_TRIAL_PHOTOS } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { PhotoDropArea, photoLimitsHint } from '@/components/photo-drop-area/photo-drop-area';

/** Drop or browse up to 10 photos; a drop that would pass 10 is refused whole with the spec's toast. */
export function TrialDropZone({ count, disabled, onAdd }: { count: number; disabled: boolean; onAdd: (files: File[]) => void }) {
  return (
    <PhotoDropArea
      disabled={disabled}
      onAccept={(files) => {
        if (count + files.length > MAX_TRIAL_PHOTOS) {
          const { title, description } = MESSAGES.tooManyTrialPhotos(MAX_TRIAL_PHOTOS);
          toast.error(title, { description });
          return;
        }
        onAdd(files);
      }}
      icon={Upload}
      title="Drag & drop your car photos here, or click to browse"
      activeTitle="Drop your photos here"
      hint={photoLimitsHint(MAX_TRIAL_PHOTOS)}
      activeHint="Release to upload your car photos"
      inputLabel="Car photos"
      testId="trial-drop-zone"
      inputTestId="trial-photo-input"
      className="py-10"
    />
  );
}
