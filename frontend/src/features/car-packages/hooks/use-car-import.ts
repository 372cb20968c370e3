import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Angle } from '@shared/angles';
import { baseName, defaultCarName, planImport, type CarKey } from '@shared/bulk-import';
import type { Background } from '@shared/backgrounds';
import { MAX_CAR_PACKAGE_PHOTOS } from '@shared/limits';
import { IMPORT_MESSAGES } from '@shared/messages';
import { ApiError } from '@/lib/api-client';
import { checkCarPhoto } from '@/lib/car-photo-check';
import { runLimited } from '@/lib/run-limited';
import { createDraftWithUploads, startDraft } from '../api/create-car-package';
import { carPackageKeys } from '../api/query-keys';
import { readImportFiles, type ImportEntry } from '../api/read-import-files';
import type { PhotoCheckState } from '../components/photo-thumbnail';

/** Car checks asked for at once over the whole import (the form's own checks run one per photo as it is added). */
const PARALLEL_CHECKS = 3;
/** Cars sent and started at once (each sends its photos PARALLEL_UPLOADS at a time). */
const PARALLEL_CARS = 2;

/** A photo of an imported car: the shape the form's thumbnail shows, with its check and the dealer's choices. */
export interface ImportPhoto {
  id: string;
  file: File;
  preview: string;
  angle: Angle | null;
  suggested: boolean;
  check: PhotoCheckState;
  /** The dealer left it out of the car (a different car, a photo they do not want). */
  leftOut: boolean;
  /** The dealer confirmed it is the same car as the others. */
  sameCarConfirmed: boolean;
  /** Upload progress (0..1) while the car is being sent. */
  uploaded?: number;
}

export type ImportCarStatus = 'draft' | 'uploading' | 'starting' | 'started' | 'failed' | 'waiting';

/** One car of the import: its draft until started. */
export interface ImportCar {
  id: string;
  key: CarKey;
  name: string;
  /** The dealer typed the name: a decoded VIN no longer replaces it. */
  nameTyped: boolean;
  photos: ImportPhoto[];
  /** Files of this car that will not be sent, with the reason (type, size, past 15 photos). */
  refused: { name: string; reason: string }[];
  status: ImportCarStatus;
  /** The draft on the server once created; kept (with `sent`) so a start whose answer was lost is asked again, never charged twice. */
  packageId?: string;
  sent?: boolean;
  error?: string;
}

/** A photo whose name says no car: the dealer chooses its car or leaves it out. */
export interface LooseFile {
  id: string;
  file: File;
}

export type ImportStage = { step: 'empty' } | { step: 'reading'; done: number; total: number } | { step: 'refused'; message: string } | { step: 'review' };

let nextId = 0;
const newPhoto = (file: File): ImportPhoto => ({
  id: `import-photo-${++nextId}`,
  file,
  preview: URL.createObjectURL(file),
  angle: null,
  suggested: false,
  check: { status: 'checking' },
  leftOut: false,
  sameCarConfirmed: false,
});

/** The photos a car's package is made of: not refused by the car check, not left out by the dealer. */
export const photosSent = (car: ImportCar) => car.photos.filter((p) => !p.leftOut && !(p.check.status === 'done' && !p.check.result.car));

/**
 * "Import many cars": the files read (zips unpacked), grouped into one draft per car, every photo checked as the form
 * checks it (a few at a time over the whole import), then the ready cars sent and started two at a time, each its
 * own draft and its own 1-credit start; a car that fails does not stop the others.
 */
export function useCarImport({ onCreditsChanged }: { onCreditsChanged?: () => void } = {}) {
  const client = useQueryClient();
  const [stage, setStage] = useState<ImportStage>({ step: 'empty' });
  const [cars, setCars] = useState<ImportCar[]>([]);
  const [loose, setLoose] = useState<LooseFile[]>([]);
  const [refused, setRefused] = useState<{ name: string; reason: string }[]>([]);
  const [starting, setStarting] = useState(false);
  const current = useRef(cars);
  current.current = cars;
  const looseRef = useRef(loose);
  looseRef.current = loose;

  const update = useCallback((change: (cars: ImportCar[]) => ImportCar[]) => {
    current.current = change(current.current);
    setCars(current.current);
  }, []);
  const updatePhoto = useCallback(
    (photoId: string, change: (p: ImportPhoto) => ImportPhoto) =>
      update((all) => all.map((c) => (c.photos.some((p) => p.id === photoId) ? { ...c, photos: c.photos.map((p) => (p.id === photoId ? change(p) : p)) } : c))),
    [update],
  );
  const updateCar = useCallback((carId: string, change: (c: ImportCar) => ImportCar) => update((all) => all.map((c) => (c.id === carId ? change(c) : c))), [update]);

  // The checks: a queue worked by a few runners; a photo that joins a car later (from "Not grouped") joins the queue.
  const queue = useRef<ImportPhoto[]>([]);
  const running = useRef(0);
  const alive = useRef(true);
  const pump = useCallback(() => {
    while (running.current < PARALLEL_CHECKS && queue.current.length > 0) {
      const photo = queue.current.shift()!;
      running.current++;
      void checkCarPhoto(photo.file)
        .then(
          (result): PhotoCheckState => ({ status: 'done', result }),
          (error: unknown): PhotoCheckState => ({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
        )
        .then((check) => {
          running.current--;
          if (!alive.current) return;
          updatePhoto(photo.id, (p) => ({
            ...p,
            check,
            // The check's angle is pre-selected unless the dealer chose one.
            ...(check.status === 'done' && check.result.car && p.angle === null ? { angle: check.result.angle, suggested: true } : {}),
          }));
          pump();
        });
    }
  }, [updatePhoto]);
  const enqueue = useCallback(
    (photos: ImportPhoto[]) => {
      queue.current.push(...photos);
      pump();
    },
    [pump],
  );

  const releaseAll = useCallback(() => {
    current.current.forEach((c) => c.photos.forEach((p) => URL.revokeObjectURL(p.preview)));
  }, []);
  useEffect(
    () => () => {
      alive.current = false;
      releaseAll();
    },
    [releaseAll],
  );

  /** Reads what was dropped or picked; past a limit the whole import is refused before anything is checked or sent. */
  const importFiles = useCallback(
    async (files: readonly File[]) => {
      setStage({ step: 'reading', done: 0, total: 0 });
      const read = await readImportFiles(files, (done, total) => setStage({ step: 'reading', done, total }));
      if (read.problem) return setStage({ step: 'refused', message: read.problem });
      const plan = planImport<ImportEntry>(read.entries);
      if (plan.problem) return setStage({ step: 'refused', message: plan.problem });
      const imported = plan.cars.map(
        (group): ImportCar => ({
          id: group.id,
          key: group.key,
          name: defaultCarName(group.key),
          nameTyped: false,
          photos: group.photos.map((e) => newPhoto(e.file!)),
          refused: group.refused.map((r) => ({ name: baseName(r.file.name), reason: r.reason })),
          status: 'draft',
        }),
      );
      queue.current = [];
      update(() => imported);
      setLoose(plan.notGrouped.map((e) => ({ id: `import-loose-${++nextId}`, file: e.file! })));
      setRefused(plan.refused.map((r) => ({ name: baseName(r.file.name), reason: r.reason })));
      setStage({ step: 'review' });
      enqueue(imported.flatMap((c) => c.photos));
    },
    [enqueue, update],
  );

  /** A photo without a car in its name goes to the car the dealer chose (checked then), or is left out. */
  const assignLoose = useCallback(
    (looseId: string, carId: string | null) => {
      const file = looseRef.current.find((l) => l.id === looseId);
      if (!file) return;
      setLoose((all) => all.filter((l) => l.id !== looseId));
      if (carId === null) {
        setRefused((all) => [...all, { name: file.file.name, reason: IMPORT_MESSAGES.leftOut }]);
        return;
      }
      const car = current.current.find((c) => c.id === carId);
      if (!car) return;
      if (car.photos.length >= MAX_CAR_PACKAGE_PHOTOS) {
        updateCar(carId, (c) => ({ ...c, refused: [...c.refused, { name: file.file.name, reason: IMPORT_MESSAGES.tooManyForOneCar(MAX_CAR_PACKAGE_PHOTOS) }] }));
        return;
      }
      const photo = newPhoto(file.file);
      updateCar(carId, (c) => ({ ...c, photos: [...c.photos, photo] }));
      enqueue([photo]);
    },
    [enqueue, updateCar],
  );

  const setName = useCallback((carId: string, name: string, typed = true) => updateCar(carId, (c) => (typed || !c.nameTyped ? { ...c, name, nameTyped: c.nameTyped || typed } : c)), [updateCar]);
  const setAngle = useCallback((photoId: string, angle: Angle | null) => updatePhoto(photoId, (p) => ({ ...p, angle, suggested: false })), [updatePhoto]);
  const setLeftOut = useCallback((photoId: string, leftOut: boolean) => updatePhoto(photoId, (p) => ({ ...p, leftOut })), [updatePhoto]);
  const confirmSameCar = useCallback((photoId: string) => updatePhoto(photoId, (p) => ({ ...p, sameCarConfirmed: true })), [updatePhoto]);

  /**
   * Starts the cars given (in their order, two at a time), each its own draft, upload and 1-credit start; one failing
   * stops no other. Out of credits (402: the balance changed meanwhile), that car and those not begun yet wait.
   */
  const startCars = useCallback(
    async (carIds: readonly string[], background: Background) => {
      setStarting(true);
      let outOfCredits = false;
      const startOne = async (carId: string) => {
        const car = current.current.find((c) => c.id === carId);
        if (!car || car.status === 'started') return;
        if (outOfCredits) {
          updateCar(car.id, (c) => ({ ...c, status: 'waiting', error: IMPORT_MESSAGES.notStartedNoCredit }));
          return;
        }
        try {
          let packageId = car.sent ? car.packageId : undefined;
          if (!packageId) {
            updateCar(car.id, (c) => ({ ...c, status: 'uploading', error: undefined }));
            packageId = await createDraftWithUploads(
              {
                sessionName: car.name,
                background,
                useLogo: false,
                fillMissingSides: false,
                ...(car.key.kind === 'vin' ? { vin: car.key.vin } : { stockNumber: car.key.stockNumber }),
                photos: photosSent(car).map(({ id, file, angle }) => ({ id, file, angle })),
              },
              { onPhotoProgress: (photoId, fraction) => updatePhoto(photoId, (p) => ({ ...p, uploaded: fraction })) },
            );
            const id = packageId;
            updateCar(car.id, (c) => ({ ...c, packageId: id, sent: true }));
          }
          updateCar(car.id, (c) => ({ ...c, status: 'starting' }));
          await startDraft(packageId);
          updateCar(car.id, (c) => ({ ...c, status: 'started', error: undefined }));
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (error instanceof ApiError && error.status === 402) {
            // Out of credits: this car waits as it is (its draft kept), and so do the ones not begun yet.
            outOfCredits = true;
            updateCar(car.id, (c) => ({ ...c, status: 'waiting', error: IMPORT_MESSAGES.notStartedNoCredit }));
            return;
          }
          // Refused by the server (a photo, the name): a new draft is made once the dealer has changed it. Anything
          // else (offline, busy) keeps the sent draft: asking again starts that one, charged at most once.
          const refusedByServer = error instanceof ApiError && error.status === 400;
          updateCar(car.id, (c) => ({ ...c, status: 'failed', error: message, ...(refusedByServer ? { packageId: undefined, sent: false } : {}) }));
        }
      };
      try {
        await runLimited(carIds, PARALLEL_CARS, (carId) => startOne(carId));
      } finally {
        setStarting(false);
        void client.invalidateQueries({ queryKey: carPackageKeys.all });
        onCreditsChanged?.();
      }
    },
    [client, onCreditsChanged, updateCar, updatePhoto],
  );

  const reset = useCallback(() => {
    releaseAll();
    queue.current = [];
    update(() => []);
    setLoose([]);
    setRefused([]);
    setStage({ step: 'empty' });
  }, [releaseAll, update]);

  return { stage, cars, loose, refused, starting, importFiles, assignLoose, setName, setAngle, setLeftOut, confirmSameCar, startCars, reset };
}
