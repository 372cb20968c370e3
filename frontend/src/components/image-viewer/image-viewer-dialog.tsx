import { Download } from 'lucide-react';
import { useState } from 'react';
import { ContentCredentialsMark } from '@/components/content-credentials/content-credentials-mark';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useImageDownload } from '@/hooks/use-image-download';

export interface ViewedImage {
  /** "<Angle label> Enhanced", or "Original Image". */
  title: string;
  url: string;
  /** The angle the image belongs to (the fallback file name car_{angle}.png). */
  angle: string;
  /** A studio image: it carries content credentials, shown behind the mark. */
  studio?: boolean;
}

/** The image viewer (spec "Image viewer dialog"), shared by car packages and My Images: the image with a spinner until it has loaded, and a Download Image button. */
export function ImageViewerDialog({ image, onClose }: { image: ViewedImage | null; onClose: () => void }) {
  return (
    <Dialog open={image !== null} onOpenChange={(open) => !open && onClose()}>
      {image && <ViewerContent key={image.url} image={image} />}
    </Dialog>
  );
}

function ViewerContent({ image }: { image: ViewedImage }) {
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = useImageDownload();
  return (
    <DialogContent className="max-w-4xl gap-4 p-4 sm:p-6">
      <DialogHeader>
        <DialogTitle>{image.title}</DialogTitle>
        <DialogDescription className="sr-only">The image at full size, with a button to download it.</DialogDescription>
      </DialogHeader>
      <div className="relative flex min-h-48 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
        {!loaded && !failed && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Spinner label="Loading image" className="size-8 text-brand-700" />
          </div>
        )}
        {failed ? (
          <p role="alert" className="p-6 text-sm text-red-700">
            The image could not be loaded. Close the viewer and open it again.
          </p>
        ) : (
          <img
            src={image.url}
            alt={image.title}
            onLoad={() => setLoaded(true)}
            onError={() => setFailed(true)}
            className={loaded ? 'max-h-[70dvh] w-full object-contain' : 'max-h-[70dvh] w-full object-contain opacity-0'}
          />
        )}
      </div>
      <div className={image.studio ? 'flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-between' : 'flex justify-end'}>
        {image.studio && <ContentCredentialsMark imageUrl={image.url} className="min-w-0 flex-1" />}
        <Button onClick={() => void download(image.url, image.angle)} className="w-full sm:w-auto">
          <Download aria-hidden="true" />
          Download Image
        </Button>
      </div>
    </DialogContent>
  );
}
