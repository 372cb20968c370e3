import { ImagePlus } from 'lucide-react';
import { toast } from 'sonner';
import { MAX_CAR_PACKAGE_PHOTOS, MAX_FILE_BYTES } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { PhotoDropArea } from '@/components/photo-drop-area/photo-drop-area';

/** The limits in the dealer's words: "JPG, PNG or WebP • Up to 15 photos • 10 MB each". */
const HINT = `JPG, PNG or WebP • Up to ${MAX_CAR_PACKAGE_PHOTOS} photos • ${MAX_FILE_BYTES / (1024 * 1024)} MB each`;

/**
 * Drop or browse photos: JPEG, PNG or WebP, 10 MB at most each, 15 per package. A drop that would pass 15 is
 * refused whole ("Maximum 15 photos allowed").
 */
export function PhotoDropZone({ count, disabled, onAdd }: { count: number; disabled: boolean; onAdd: (files: File[]) => boolean }) {
  return (
    <PhotoDropArea
      disabled={disabled}
      onAccept={(files) => {
        if (onAdd(files)) return;
        const { title, description } = MESSAGES.tooManyPackagePhotos(MAX_CAR_PACKAGE_PHOTOS);
        toast.error(title, { description });
      }}
      icon={ImagePlus}
      title="Drag & drop photos of the car, or click to browse"
      activeTitle="Drop your photos here"
      hint={HINT}
      activeHint="Release to upload your car photos"
      note={
        count > 0 && (
          <p className="text-sm font-medium text-brand-800">
            {count} of {MAX_CAR_PACKAGE_PHOTOS} photos selected
          </p>
        )
      }
      inputLabel="Car photos"
      testId="photo-drop-zone"
      inputTestId="photo-input"
    />
  );
}
