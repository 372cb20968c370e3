import { Car, Plus } from 'lucide-react';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { GALLERY_SKELETON_COUNT } from '@shared/limits';
import { MESSAGES } from '@shared/messages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCarPackageGallery } from '../api/car-packages';
import { PackageCard, PackageCardSkeleton } from './package-card';

const grid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';

/** My Car Packages: skeletons while loading, an empty state, or the session cards with "Load more". */
export function PackageGallery({ onOpen, onCreate }: { onOpen: (id: string) => void; onCreate: () => void }) {
  const gallery = useCarPackageGallery();

  useEffect(() => {
    if (gallery.isError) toast.error(MESSAGES.packageGalleryLoadFailed, { id: 'gallery-load-failed', description: gallery.error.message });
  }, [gallery.isError, gallery.error]);

  if (!gallery.data && !gallery.isError) {
    return (
      <div className={grid} aria-busy="true" aria-label="Loading car packages">
        {Array.from({ length: GALLERY_SKELETON_COUNT }, (_, i) => (
          <PackageCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (!gallery.data) {
    return (
      <Card className="grid justify-items-center gap-3 p-8 text-center">
        <p role="alert" className="font-medium text-red-700">
          {MESSAGES.packageGalleryLoadFailed}
        </p>
        <Button variant="outline" onClick={() => void gallery.refetch()}>
          Try again
        </Button>
      </Card>
    );
  }
  const packages = gallery.data.pages.flatMap((page) => page.packages);
  if (packages.length === 0) {
    return (
      <Card className="grid justify-items-center gap-4 px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50">
          <Car className="size-7 text-brand-700" aria-hidden="true" />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-slate-900">No car packages yet</h2>
          <p className="mt-1 text-slate-700">Upload photos of a car to get the studio angles they show, up to 8, for 1 credit.</p>
        </div>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          Create Your First Package
        </Button>
      </Card>
    );
  }
  return (
    <div className="grid gap-6">
      <ul className={grid} aria-label="Car packages">
        {packages.map((summary) => (
          <li key={summary.id} className="min-w-0">
            <PackageCard summary={summary} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {gallery.hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={() => void gallery.fetchNextPage()} disabled={gallery.isFetchingNextPage}>
            {gallery.isFetchingNextPage ? <Spinner label="Loading more car packages" className="size-4" /> : null}
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
