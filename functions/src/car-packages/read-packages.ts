/** Reading car packages: the gallery, the activity counts, one package with signed links. */
import { ANGLES, type Angle } from '@shared/angles';
import type { CarPackageActivity, CarPackageDetail, ListCarPackagesResponse, PackageVideo } from '@shared/schemas/car-packages';
import { imageView, photoView, slugOf, summaryView, walkAroundVideoName, type StoredPackage } from './car-package';
import { ownPackage, type PackageDeps } from './package-deps';

/** GET /api/car-packages */
export async function listCarPackages(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, limit: number, cursor?: string): Promise<ListCarPackagesResponse> {
  const { packages, nextCursor } = await deps.store.list(sub, limit, cursor);
  const urls = deps.photos.urls();
  return { packages: await Promise.all(packages.map((p) => summaryView(p, urls))), next_cursor: nextCursor };
}

/** GET /api/car-packages/activity */
export async function carPackageActivity(deps: Pick<PackageDeps, 'store'>, sub: string, todayStart: string, weekStart: string): Promise<CarPackageActivity> {
  const [today, last_7_days, total] = await Promise.all([deps.store.count(sub, Date.parse(todayStart)), deps.store.count(sub, Date.parse(weekStart)), deps.store.count(sub)]);
  return { today, last_7_days, total };
}

async function videoView(pkg: StoredPackage, photos: PackageDeps['photos']): Promise<PackageVideo | null> {
  const video = pkg.video;
  if (!video) return null;
  const fileName = walkAroundVideoName(slugOf(pkg.session_name));
  return {
    url: await photos.downloadUrl(video.key, fileName),
    file_name: fileName,
    size_bytes: video.size_bytes,
    duration_seconds: video.duration_seconds,
    angles: video.angles,
    made_at: video.made_at,
  };
}

/** GET /api/car-packages/{id}: the package, its 8 angles (signed image links), its photos and its walk-around video. */
export async function getCarPackage(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, id: string): Promise<CarPackageDetail> {
  const { pkg, images } = await ownPackage(deps, sub, id);
  const urls = deps.photos.urls();
  const order = (a: Angle) => ANGLES.indexOf(a);
  return {
    ...(await summaryView(pkg, urls)),
    images: await Promise.all([...images].sort((a, b) => order(a.angle) - order(b.angle)).map((i) => imageView(i, pkg, urls))),
    photos: await Promise.all(pkg.photos.map((p) => photoView(p, urls, true))),
    video: await videoView(pkg, deps.photos),
  };
}

