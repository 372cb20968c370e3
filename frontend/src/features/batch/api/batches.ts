import type { Background } from '@shared/backgrounds';
import { BATCH_PROCESS_PAUSE_MS } from '@shared/limits';
import type { Batch, CreateBatchRequest, CreateBatchResponse, StartBatchResponse } from '@shared/schemas/batch';
import { api } from '@/lib/api-client';
import { PARALLEL_UPLOADS, runLimited } from '@/lib/run-limited';
import { photoContentType, uploadPhoto } from '@/lib/upload-photo';


export interface BatchProgress {
  /** A file's upload began (uploading), ended (uploaded) or failed with the message for its card. */
  onUploading(index: number): void;
  onUploaded(index: number): void;
  onUploadFailed(index: number, message: string): void;
  /** The batch exists (its id, for live updates). */
  onCreated(batchId: string): void;
  /** Every photo is in storage and the pause is over: the processing call (checks, charge, start) is made now. */
  onProcessing(): void;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Create the batch (one presigned upload per photo) → upload every photo → pause → start (charges 1 credit per
 * photo). Rejects with the server's ApiError (402 when the credits are short, 400 naming a refused photo in
 * `fields["photos.<index>"]`), or with the first upload failure.
 */
export async function createAndStartBatch(files: readonly File[], background: Background, progress: BatchProgress): Promise<StartBatchResponse> {
  const request: CreateBatchRequest = { background, photos: files.map((file) => ({ file_name: file.name, content_type: photoContentType(file), size: file.size })) };
  const created = await api.post<CreateBatchResponse>('/api/batches', request, { auth: true });
  progress.onCreated(created.batch_id);
  const failures: unknown[] = [];
  await runLimited(files, PARALLEL_UPLOADS, async (file, index) => {
    progress.onUploading(index);
    try {
      await uploadPhoto(created.uploads[index]!, file, () => undefined);
      progress.onUploaded(index);
    } catch (error) {
      progress.onUploadFailed(index, (error as Error).message);
      failures.push(error);
    }
  });
  if (failures.length) throw failures[0];
  await pause(BATCH_PROCESS_PAUSE_MS);
  progress.onProcessing();
  return api.post<StartBatchResponse>(`/api/batches/${encodeURIComponent(created.batch_id)}/start`, undefined, { auth: true });
}

export function getBatch(id: string, signal?: AbortSignal): Promise<Batch> {
  return api.get<Batch>(`/api/batches/${encodeURIComponent(id)}`, { auth: true, signal });
}
