/**
 * "Import many cars" (issue 41, item 3): a day's shoot named by car, as dealer management systems name it:
 * `<VIN or stock number>[-_ ]<n>.<ext>` (e.g. `A1234-1.jpg`, `1HGCM82633A004352_03.jpeg`). The files are grouped into
 * one car each; a file whose name says no car waits under "Not grouped" for the dealer to choose its car or leave it
 * out; a file the product does not take (type, size) is refused with the reason. Pure: the browser and tests use it.
 */
import { ACCEPTED_IMAGE_TYPES, MAX_CAR_PACKAGE_PHOTOS, MAX_FILE_BYTES, MAX_IMPORT_CARS, MAX_IMPORT_PHOTOS, type AcceptedImageType } from './limits';
import { IMPORT_MESSAGES, MESSAGES } from './messages';
import { photoTypeRefusal } from './photo-types';
import { checkVin, normaliseVin, STOCK_NUMBER_PATTERN, VIN_LENGTH } from './vin';

/** What the import needs of a file: its name (a folder's or a zip's path is allowed), its size, its declared type. */
export interface ImportFileLike {
  name: string;
  size: number;
  type?: string;
}

export type CarKey = { kind: 'vin'; vin: string } | { kind: 'stock'; stockNumber: string };

/** The naming convention the import reads, as the dealer is told it. */
export const IMPORT_NAME_EXAMPLE = 'A1234-1.jpg';

/** The last part of a path ("day/A1234-1.jpg" → "A1234-1.jpg"). */
export const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

/** Files a folder or zip carries that are nobody's photos: macOS resource forks, hidden files, folders. */
export function isJunk(path: string): boolean {
  const base = baseName(path);
  return base === '' || base.startsWith('.') || /(^|[/\\])__MACOSX[/\\]/.test(path) || base === 'Thumbs.db' || base === 'desktop.ini';
}

const NAMED = /^(.+)[-_ ](\d{1,4})\.([A-Za-z0-9]{1,5})$/;
/** What cameras and phones name their photos (IMG_0412.jpg, PXL_20261130_…): never a car's stock number. */
const CAMERA_NAMES = new Set(['IMG', 'DSC', 'DSCN', 'DSCF', 'PXL', 'MVIMG', 'GOPR', 'DJI', 'PHOTO', 'IMAGE', 'PIC', 'SCREENSHOT', 'VID']);

/**
 * The car a file's name says, and its number in the car's series: `<key>[-_ ]<n>.<ext>`, where the key is a VIN
 * (17 characters, ISO 3779) or else a stock number (letters, digits, `._/-`); null when the name says no car (a
 * camera's own name, IMG_0412.jpg, is not a stock number).
 */
export function carKeyOf(path: string): { key: CarKey; sequence: number } | null {
  const match = NAMED.exec(baseName(path).trim());
  if (!match) return null;
  const raw = match[1]!.trim();
  const sequence = Number(match[2]);
  const vin = normaliseVin(raw);
  if (vin.length === VIN_LENGTH) {
    const verdict = checkVin(vin);
    if (verdict.ok) return { key: { kind: 'vin', vin: verdict.vin }, sequence };
  }
  if (CAMERA_NAMES.has(raw.split(/[-_ ]/)[0]!.toUpperCase())) return null;
  if (STOCK_NUMBER_PATTERN.test(raw)) return { key: { kind: 'stock', stockNumber: raw }, sequence };
  return null;
}

/** One car's id in the import: its VIN, or its stock number in upper case (A1234 and a1234 are one car). */
export const carIdOf = (key: CarKey): string => (key.kind === 'vin' ? key.vin : key.stockNumber.toUpperCase());

/** The photo type a file has by its declared type or, without one (a zip's files), by its extension; null: not taken. */
export function importPhotoType(file: ImportFileLike): AcceptedImageType | null {
  if (file.type && file.type in ACCEPTED_IMAGE_TYPES) return file.type as AcceptedImageType;
  if (file.type && file.type !== 'application/octet-stream') return null;
  const name = file.name.toLowerCase();
  const found = (Object.entries(ACCEPTED_IMAGE_TYPES) as [AcceptedImageType, readonly string[]][]).find(([, exts]) => exts.some((ext) => name.endsWith(ext)));
  return found?.[0] ?? null;
}

/** Why the product does not take this file as a photo (type, empty, too large), or null when it does. */
export function importRefusal(file: ImportFileLike): string | null {
  if (!importPhotoType(file)) return photoTypeRefusal({ type: file.type, name: baseName(file.name) });
  if (file.size <= 0) return MESSAGES.fileTooSmall(1);
  if (file.size > MAX_FILE_BYTES) return MESSAGES.fileTooLarge(MAX_FILE_BYTES);
  return null;
}

export interface RefusedFile<T> {
  file: T;
  reason: string;
}

export interface ImportCarGroup<T> {
  /** The VIN, or the stock number in upper case. */
  id: string;
  key: CarKey;
  /** The car's photos in their number order (at most 15). */
  photos: T[];
  /** Its files that will not be sent, each with the reason (type, size, past 15 photos). */
  refused: RefusedFile<T>[];
}

export interface ImportPlan<T> {
  cars: ImportCarGroup<T>[];
  /** Photos whose name says no car: the dealer chooses their car or leaves them out. */
  notGrouped: T[];
  /** Files neither a car's nor a photo (no car in the name, and a type or size the product does not take). */
  refused: RefusedFile<T>[];
  /** Photos (of a type the product takes) in the import. */
  photoCount: number;
  /** Past a limit (cars, photos): the import is refused whole with this message, before anything is checked or sent. */
  problem: string | null;
}

/** Groups a day's files into cars (in the order of their VIN or stock number, digits as numbers), each car's photos by their number. */
export function planImport<T extends ImportFileLike>(files: readonly T[]): ImportPlan<T> {
  const cars = new Map<string, { key: CarKey; named: { file: T; sequence: number; order: number }[]; refused: RefusedFile<T>[] }>();
  const notGrouped: T[] = [];
  const refused: RefusedFile<T>[] = [];
  let photoCount = 0;
  files.forEach((file, order) => {
    if (isJunk(file.name)) return;
    const reason = importRefusal(file);
    if (importPhotoType(file)) photoCount++;
    const named = carKeyOf(file.name);
    if (!named) {
      if (reason) refused.push({ file, reason });
      else notGrouped.push(file);
      return;
    }
    const id = carIdOf(named.key);
    const car = cars.get(id) ?? { key: named.key, named: [], refused: [] };
    cars.set(id, car);
    if (reason) car.refused.push({ file, reason });
    else car.named.push({ file, sequence: named.sequence, order });
  });
  // A folder's files come in no set order: the cars are listed by their key, as a stock list is (A2 before A10).
  const byKey = [...cars.entries()].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  const groups = byKey.map(([id, car]): ImportCarGroup<T> => {
    const ordered = car.named.sort((a, b) => a.sequence - b.sequence || a.order - b.order).map((n) => n.file);
    return {
      id,
      key: car.key,
      photos: ordered.slice(0, MAX_CAR_PACKAGE_PHOTOS),
      refused: [...car.refused, ...ordered.slice(MAX_CAR_PACKAGE_PHOTOS).map((file) => ({ file, reason: IMPORT_MESSAGES.tooManyForOneCar(MAX_CAR_PACKAGE_PHOTOS) }))],
    };
  });
  const problem =
    groups.length > MAX_IMPORT_CARS
      ? IMPORT_MESSAGES.tooManyCars(groups.length, MAX_IMPORT_CARS)
      : photoCount > MAX_IMPORT_PHOTOS
        ? IMPORT_MESSAGES.tooManyPhotos(photoCount, MAX_IMPORT_PHOTOS)
        : photoCount === 0
          ? IMPORT_MESSAGES.nothingFound
          : null;
  return { cars: groups, notGrouped, refused, photoCount, problem };
}

/** The car's name until the dealer or its decoded VIN gives a better one: "Stock A1234", "VIN 1HGCM82633A004352". */
export const defaultCarName = (key: CarKey): string => (key.kind === 'vin' ? `VIN ${key.vin}` : `Stock ${key.stockNumber}`);

/**
 * Which of the ready cars a balance starts: the first `credits` in the list (1 credit each); the others wait.
 * Undefined credits (the balance not read yet): none are promised.
 */
export function carsCovered<T>(ready: readonly T[], credits: number | undefined): { start: T[]; wait: T[] } {
  const n = Math.max(0, Math.min(ready.length, credits ?? 0));
  return { start: ready.slice(0, n), wait: ready.slice(n) };
}
