import { ArrowLeft, FileArchive, FileVideo, Info } from 'lucide-react';
import { actingMemberLabel } from '@shared/team';
import { useState } from 'react';
import { toast } from 'sonner';
import { ANGLES, anglesFromPhotos, imageLabel } from '@shared/angles';
import { BACKGROUND_LABELS } from '@shared/backgrounds';
import { CAR_PACKAGE_MESSAGES } from '@shared/messages';
import type { CarPackageDetail } from '@shared/schemas/car-packages';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { downloadUrl } from '@/lib/save-file';
import { useCarPackage } from '../api/car-packages';
import { useCarPackageZip } from '../api/package-actions';
import { AngleCard } from './angle-card';
import { DeletePackageDialog } from './delete-package-dialog';
import { MissingAngles } from './missing-angles';
import { formatDateTime, packageTitle } from './format';
import { CarIdentity } from '@/components/car-identity/car-identity';
import { ImageViewerDialog, type ViewedImage } from '@/components/image-viewer/image-viewer-dialog';
import { walkAroundFrames } from '@/components/walk-around/walk-around-frames';
import { WalkAroundViewer } from '@/components/walk-around/walk-around-viewer';
import { SharePanel } from './share-panel';
import { PackagePhotos } from './package-photos';
import { PackageProgress } from './package-progress';
import { StartAgainDialog } from './start-again-dialog';
import { SessionStatusBadge } from './status-badge';

/**
 * What the package is made of: "2 angles from 2 photos"; while the angle of some photo is still being found (an
 * untagged photo, before the workflow's first step), its photos only.
 */
function madeOf(pkg: CarPackageDetail): string {
  const known = pkg.photos.every((p) => p.refused || p.assigned_angle || p.angle);
  return known ? anglesFromPhotos(pkg.total_angles, pkg.photo_count) : `${pkg.photo_count} ${pkg.photo_count === 1 ? 'photo' : 'photos'}`;
}

/** The package in numbers: its angles (those its photos give), how many are made, failed (if any), and its credit. */
function Counters({ pkg }: { pkg: CarPackageDetail }) {
  const counters = [
    ['Angles', pkg.total_angles, 'text-slate-900', 'counter-total-angles'],
    ['Completed', pkg.completed_angles, 'text-green-700', 'counter-completed'],
    ['Failed', pkg.failed_angles, pkg.failed_angles > 0 ? 'text-red-700' : 'text-slate-900', 'counter-failed'],
    ['Credits Used', pkg.credits_used, 'text-slate-900', 'counter-credits-used'],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {counters.map(([label, value, colour, testId]) => (
        <Card key={label} className="p-4 text-center">
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className={`text-2xl font-bold ${colour}`} data-testid={testId}>
            {value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}

function ZipButton({ pkg }: { pkg: CarPackageDetail }) {
  const zip = useCarPackageZip();
  return (
    <Button
      variant="outline"
      disabled={pkg.completed_angles === 0 || zip.isPending}
      onClick={() =>
        zip.mutate(pkg.id, {
          onSuccess: ({ url, file_name }) => downloadUrl(url, file_name),
          onError: (error) => toast.error('Failed to download the zip', { description: error.message }),
        })
      }
    >
      {zip.isPending ? <Spinner label="Preparing the zip" className="size-4" /> : <FileArchive aria-hidden="true" />}
      Download all (zip)
    </Button>
  );
}

/**
 * The walk-around video (an MP4 of the finished angles, made by the render workflow just after the package finished):
 * a signed link the browser saves under the car's name. Shown once the video exists; the live event that says so makes
 * the detail refetch (../api/live-updates.ts).
 */
function VideoDownload({ video }: { video: NonNullable<CarPackageDetail['video']> }) {
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <span className="text-sm text-slate-600">
        {Math.round(video.duration_seconds)} s · {(video.size_bytes / 1_000_000).toFixed(1)} MB
      </span>
      {/* On a phone the label wraps inside the button rather than pushing the page sideways. */}
      <Button variant="outline" asChild className="h-auto min-h-10 max-w-full whitespace-normal">
        <a href={video.url} download={video.file_name}>
          <FileVideo aria-hidden="true" />
          Download walk-around video (MP4)
        </a>
      </Button>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true" aria-label="Loading car package">
      <Skeleton className="h-8 w-1/2" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="aspect-[4/3]" />
        ))}
      </div>
    </div>
  );
}

/**
 * One car package: what it is made of ("2 angles from 2 photos"), status, counters, progress, dates, the walk-around (and
 * its video), its angles, the angles its photos do not give (a quiet note, not failures), the dealer's photos, zip and
 * delete. A package whose credit was refunded offers "Start again (1 credit)" instead of free retries.
 * `packageId` null: the address names no package (not a package id), said as for a package not found.
 */
export function PackageDetail({
  packageId,
  onBack,
  onDeleted = onBack,
  onOpen,
}: {
  packageId: string | null;
  onBack: () => void;
  /** After the package was deleted (by default as Back). */
  onDeleted?: () => void;
  onOpen?: (id: string) => void;
}) {
  const query = useCarPackage(packageId);
  const [viewed, setViewed] = useState<ViewedImage | null>(null);
  const back = (
    <Button variant="ghost" onClick={onBack} className="-ml-3 w-fit">
      <ArrowLeft aria-hidden="true" />
      Back to Sessions
    </Button>
  );
  if (!query.data) {
    return (
      <div className="grid gap-4">
        {back}
        {packageId === null || query.isError ? (
          <Card className="p-6">
            <p role="alert" className="font-medium text-red-700">
              {packageId === null
                ? CAR_PACKAGE_MESSAGES.notFound
                : query.error instanceof ApiError && query.error.status === 404
                  ? query.error.message
                  : `Failed to load car package: ${query.error?.message}`}
            </p>
          </Card>
        ) : (
          <DetailSkeleton />
        )}
      </div>
    );
  }
  const pkg = query.data;
  const title = packageTitle(pkg.session_name);
  const images = [...pkg.images].sort((a, b) => ANGLES.indexOf(a.angle) - ANGLES.indexOf(b.angle));
  const frames = walkAroundFrames(
    images.filter((i) => i.angle_status === 'completed').map((i) => ({ angle: i.angle, label: imageLabel(i.angle, i.metadata.mirrored), imageUrl: i.web_url, fullUrl: i.rendered_url })),
  );
  return (
    <div className="grid gap-6" data-testid="package-detail">
      <div className="grid gap-3">
        {back}
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-xl font-bold break-words text-slate-900 sm:text-2xl">{title}</h2>
              <SessionStatusBadge status={pkg.status} />
            </div>
            <p className="mt-1 text-sm text-slate-600">
              {BACKGROUND_LABELS[pkg.background]} background{pkg.use_logo ? ', with your logo' : ''} · <span data-testid="package-made-of">{madeOf(pkg)}</span> · Created {formatDateTime(pkg.created_at)}
              {actingMemberLabel(pkg.created_by) && <span data-testid="package-created-by"> by {actingMemberLabel(pkg.created_by)}</span>} · Updated {formatDateTime(pkg.updated_at)}
            </p>
            <CarIdentity car={pkg} testId="package-car-identity" className="mt-2" />
          </div>
          <div className="flex flex-wrap gap-2">
            {pkg.credit_refunded && onOpen && <StartAgainDialog packageId={pkg.id} title={title} onStarted={onOpen} />}
            <ZipButton pkg={pkg} />
            <DeletePackageDialog packageId={pkg.id} title={title} onDeleted={onDeleted} />
          </div>
        </div>
      </div>
      {pkg.status_message && (
        <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {pkg.status_message}
        </p>
      )}
      <Counters pkg={pkg} />
      <PackageProgress pkg={pkg} title={title} />
      {frames.length > 0 && (
        <section className="grid gap-3" aria-labelledby="walk-around-title">
          <div className="flex max-w-3xl flex-wrap items-center justify-between gap-2">
            <h3 id="walk-around-title" className="text-lg font-semibold text-slate-900">
              Walk-around
            </h3>
            {pkg.video && <VideoDownload video={pkg.video} />}
          </div>
          <WalkAroundViewer frames={frames} title={title} className="max-w-3xl" />
        </section>
      )}
      {frames.length > 0 && <SharePanel packageId={pkg.id} carName={title} />}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Angles">
        {images.map((image) => (
          <li key={image.angle} className="flex min-w-0">
            <AngleCard image={image} packageId={pkg.id} refunded={pkg.credit_refunded} onView={setViewed} />
          </li>
        ))}
      </ul>
      <MissingAngles pkg={pkg} />
      <PackagePhotos photos={pkg.photos} />
      <ImageViewerDialog image={viewed} onClose={() => setViewed(null)} />
    </div>
  );
}
