import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Angle } from '@shared/angles';
import type { Background } from '@shared/backgrounds';
import type { PlateTreatment } from '@shared/plates';
import type { CheckCarPackagePhotoResponse, CreateCarPackageRequest, CreateCarPackageResponse, StartCarPackageResponse } from '@shared/schemas/car-packages';
import { api, ApiError } from '@/lib/api-client';
import { PARALLEL_UPLOADS, runLimited } from '@/lib/run-limited';
import { carPackageKeys } from './query-keys';
import { photoContentType, uploadPhoto } from '@/lib/upload-photo';


export interface NewCarPackage {
  sessionName: string;
  background: Background;
  useLogo: boolean;
  /** "Fill missing sides with mirror images" (off unless the dealer turns it on). */
  fillMissingSides: boolean;
  /** The number plate: kept or blurred (the form starts from the dealer's Settings; absent: the Settings' choice). */
  plate?: PlateTreatment;
  photos: { id: string; file: File; angle: Angle | null }[];
  /** The car's VIN and stock number (issue 41); empty: none. */
  vin?: string;
  stockNumber?: string;
}

export type CreatePhase = 'creating' | 'uploading' | 'starting';

export interface CreateProgress {
  onPhase?: (phase: CreatePhase) => void;
  /** Upload progress of one photo (by the id the caller gave it), 0 to 1. */
  onPhotoProgress?: (photoId: string, fraction: number) => void;
}

/**
 * Create → upload every photo to its presigned POST, each checked by the server as soon as it lands (while the others
 * upload) → start (charges 1 credit; it checks again only bytes that changed since). Any failure rejects with the
 * server's ApiError (402 when the credits are short, 400 naming every refused photo, as the start names them).
 */
export async function createAndStartCarPackage(input: NewCarPackage, progress: CreateProgress = {}): Promise<StartCarPackageResponse> {
  const packageId = await createDraftWithUploads(input, progress);
  progress.onPhase?.('starting');
  return startDraft(packageId);
}

/**
 * The draft of a package (nothing charged) with every photo uploaded and checked by the server as it lands; answers
 * the draft's id once every photo passed, else rejects as the start would (400 naming every refused photo).
 */
export async function createDraftWithUploads(input: NewCarPackage, progress: CreateProgress = {}): Promise<string> {
  progress.onPhase?.('creating');
  const request: CreateCarPackageRequest = {
    session_name: input.sessionName.trim(),
    background: input.background,
    use_logo: input.useLogo,
    fill_missing_sides: input.fillMissingSides,
    ...(input.plate ? { plate: input.plate } : {}),
    ...(input.vin?.trim() ? { vin: input.vin.trim() } : {}),
    ...(input.stockNumber?.trim() ? { stock_number: input.stockNumber.trim() } : {}),
    photos: input.photos.map(({ file, angle }) => ({ file_name: file.name, content_type: photoContentType(file), size: file.size, angle })),
  };
  const created = await api.post<CreateCarPackageResponse>('/api/car-packages', request, { auth: true });
  progress.onPhase?.('uploading');
  // The uploads come in the order of the photos asked for; the file name confirms the pairing.
  const pairs = input.photos.map((photo, index) => {
    const sameIndex = created.uploads[index];
    const upload = sameIndex?.file_name === photo.file.name ? sameIndex : (created.uploads.find((u) => u.file_name === photo.file.name) ?? sameIndex);
    if (!upload) throw new Error(`No upload was prepared for ${photo.file.name}`);
    return { photo, upload };
  });
  // Refusals by the photo's place in the form: thrown as the start refuses, the first one's message, every one in fields.
  const refused: ApiError[] = [];
  await runLimited(pairs, PARALLEL_UPLOADS, async ({ photo, upload }, index) => {
    await uploadPhoto(upload, photo.file, (fraction) => progress.onPhotoProgress?.(photo.id, fraction));
    try {
      await api.post<CheckCarPackagePhotoResponse>(`${packagePath(created.package_id)}/photos/${encodeURIComponent(upload.photo_id)}/check`, undefined, { auth: true });
    } catch (error) {
      // A refusal is the start's own answer for that photo; anything else (busy, offline) is left to the start's checks.
      if (error instanceof ApiError && error.status === 400) refused[index] = error;
    }
  });
  const first = refused.find(Boolean);
  if (first) throw new ApiError(first.message, first.status, first.code, Object.assign({}, ...refused.filter(Boolean).map((e) => e.fields)));
  return created.package_id;
}

/**
 * Starts a draft: 1 credit, charged once however often it is asked (the server's ledger key is the package's id, and a
 * started package answers its own start again), so a start whose answer was lost can simply be asked again.
 */
export function startDraft(packageId: string): Promise<StartCarPackageResponse> {
  return api.post<StartCarPackageResponse>(`${packagePath(packageId)}/start`, undefined, { auth: true });
}

const packagePath = (id: string) => `/api/car-packages/${encodeURIComponent(id)}`;

/** The form's submit: the whole flow, then the gallery, the overview and the balance are read again. */
export function useCreateCarPackage(progress: CreateProgress) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCarPackage) => createAndStartCarPackage(input, progress),
    onSettled: () => client.invalidateQueries({ queryKey: carPackageKeys.all }),
  });
}
