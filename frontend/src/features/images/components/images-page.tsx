import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { MESSAGES, MY_IMAGES_MESSAGES } from '@shared/messages';
import { ImageViewerDialog, type ViewedImage } from '@/components/image-viewer/image-viewer-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { useMyImages, useMyImagesLiveUpdates } from '../api/images';
import { ImageCard } from './image-card';

// Columns by the room beside the sidebar; 24 per page fills whole rows of 2, 3 or 4.
const grid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4';

/** /dashboard/images (spec "/dashboard/images"): Your Images, every successfully rendered studio image, newest first. */
export default function ImagesPage() {
  usePageMeta(MY_IMAGES_MESSAGES.title, 'Every studio image rendered for your cars, newest first.');
  const images = useMyImages();
  useMyImagesLiveUpdates();
  const [viewed, setViewed] = useState<ViewedImage | null>(null);

  // The catalogue's toast, once per failure (a failed "Load more" too).
  const failed = images.isError;
  useEffect(() => {
    if (failed) toast.error(MESSAGES.imagesLoadFailed);
  }, [failed, images.errorUpdatedAt]);

  const all = images.data?.pages.flatMap((p) => p.images) ?? [];
  return (
    <section className="min-w-0">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">{MY_IMAGES_MESSAGES.title}</h1>
      {images.isPending ? (
        <ul className={grid} aria-label="Loading images" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i}>
              <Skeleton className="aspect-[3/2] w-full" />
              <Skeleton className="mt-2 h-4 w-2/3" />
            </li>
          ))}
        </ul>
      ) : all.length === 0 && images.isError ? (
        <div className="grid justify-items-start gap-3">
          <p role="alert" className="text-sm text-red-700">
            {MESSAGES.imagesLoadFailed}
          </p>
          <Button variant="outline" onClick={() => void images.refetch()}>
            Try again
          </Button>
        </div>
      ) : all.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid="images-empty">
          <ImageOff aria-hidden="true" className="size-10 text-slate-400" />
          <h2 className="text-lg font-semibold text-slate-900">{MY_IMAGES_MESSAGES.emptyTitle}</h2>
          <Button asChild>
            <Link to="/dashboard/car-packages?tab=upload">{MY_IMAGES_MESSAGES.createPackage}</Link>
          </Button>
        </Card>
      ) : (
        <>
          <ul className={grid} aria-label={MY_IMAGES_MESSAGES.title}>
            {all.map((image) => (
              <li key={image.id} className="flex min-w-0">
                <ImageCard image={image} onView={setViewed} />
              </li>
            ))}
          </ul>
          {images.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={() => void images.fetchNextPage()} disabled={images.isFetchingNextPage}>
                {images.isFetchingNextPage ? 'Loading…' : MY_IMAGES_MESSAGES.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
      <ImageViewerDialog image={viewed} onClose={() => setViewed(null)} />
    </section>
  );
}
