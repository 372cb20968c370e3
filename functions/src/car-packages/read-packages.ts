/** Reading car packages: the gallery, the activity counts, one package with signed links. */
import { ANGLES, type Angle } from '@shared/angles';
import type { CarPackageActivity, CarPackageDetail, ListCarPackagesResponse, PackageFilterQuery, PackageVideo, VinLookup } from '@shared/schemas/car-packages';
import { checkVin, vehicleName } from '@shared/vin';
import type { VinDecoder } from '../vin/vin-decoder';
import type { PackageFilter } from './ports';
import { imageView, missingAngles, photoView, slugOf, summaryView, walkAroundVideoName, type StoredPackage } from './car-package';
import { ownPackage, type PackageDeps } from './package-deps';

/** The store's filter from a list's query (the gallery's and the public API's: the same parameters). */
export const packageFilterOf = (query: PackageFilterQuery = {}): PackageFilter => ({
  text: query.q || undefined,
  vin: query.vin,
  status: query.status,
  createdFromMs: query.created_from ? Date.parse(query.created_from) : undefined,
  createdToMs: query.created_to ? Date.parse(query.created_to) : undefined,
});

/** GET /api/car-packages: newest first; narrowed by name, VIN or stock number, status and creation date (issue 41). */
export async function listCarPackages(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, limit: number, cursor?: string, query?: PackageFilterQuery): Promise<ListCarPackagesResponse> {
  const { packages, nextCursor } = await deps.store.list(sub, limit, cursor, packageFilterOf(query));
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

/** GET /api/car-packages/{id}: the package, its angles (signed image links), the angles its photos do not give, its photos and its walk-around video. */
export async function getCarPackage(deps: Pick<PackageDeps, 'store' | 'photos'>, sub: string, id: string): Promise<CarPackageDetail> {
  const { pkg, images } = await ownPackage(deps, sub, id);
  const urls = deps.photos.urls();
  const order = (a: Angle) => ANGLES.indexOf(a);
  return {
    ...(await summaryView(pkg, urls)),
    images: await Promise.all([...images].sort((a, b) => order(a.angle) - order(b.angle)).map((i) => imageView(i, pkg, urls))),
    missing_angles: missingAngles(pkg, images),
    photos: await Promise.all(pkg.photos.map((p) => photoView(p, urls, true))),
    video: await videoView(pkg, deps.photos),
  };
}


/** How many of the dealer's packages of one VIN the form's look-up names (the newest). */
const VIN_LOOKUP_PACKAGES = 5;

/** GET /api/vins/{vin}: the VIN checked and decoded offline, and the dealer's packages that have it already. */
export async function lookUpVin(deps: Pick<PackageDeps, 'store'> & { vins: VinDecoder }, sub: string, vin: string): Promise<VinLookup> {
  const verdict = checkVin(vin);
  if (!verdict.ok) throw new Error('lookUpVin takes a checked VIN'); // the route's schema refused it already
  const [vehicle, same] = await Promise.all([deps.vins.decode(verdict.vin), deps.store.list(sub, VIN_LOOKUP_PACKAGES, undefined, { vin: verdict.vin })]);
  return {
    vin: verdict.vin,
    check_digit: verdict.check_digit,
    warning: verdict.warning,
    vehicle,
    name: vehicleName(vehicle),
    packages: same.packages.map((p) => ({ id: p.id, session_name: p.session_name, status: p.status, created_at: p.created_at })),
  };
}
