import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_BATCH_PHOTOS } from '@shared/limits';
import type { BatchPhotoStatus } from '@shared/schemas/batch';
import { BATCH_FILE_PROGRESS, BATCH_FILE_ROW_CREATED_PROGRESS, type BatchFileStatus } from '@shared/statuses';

/** What the page shows of a file after processing started: the server's state of its photo. */
export type BatchFileOutcome = Extract<BatchPhotoStatus, 'completed' | 'failed'>;

/** The spec's batch file: the file with a local preview, a status and a progress percentage. */
export interface BatchFile {
  id: string;
  file: File;
  preview: string;
  status: BatchFileStatus;
  progress: number;
  error: string | null;
  /** Set live once the server finished the photo. */
  outcome: BatchFileOutcome | null;
}

let counter = 0;

/** The selected files and their states; previews are released when a file is removed or the page closes. */
export function useBatchFiles() {
  const [files, setFiles] = useState<BatchFile[]>([]);
  const latest = useRef(files);
  latest.current = files;
  useEffect(() => () => latest.current.forEach((f) => URL.revokeObjectURL(f.preview)), []);

  /** Adds files unless the batch would pass 10 (then nothing is added and false is answered). */
  const add = useCallback((incoming: File[]) => {
    if (latest.current.length + incoming.length > MAX_BATCH_PHOTOS) return false;
    const added = incoming.map((file) => ({
      id: `batch-file-${++counter}`,
      file,
      preview: URL.createObjectURL(file),
      status: 'pending' as const,
      progress: BATCH_FILE_PROGRESS.pending,
      error: null,
      outcome: null,
    }));
    setFiles((current) => [...current, ...added]);
    return true;
  }, []);

  const remove = useCallback((id: string) => {
    setFiles((current) => {
      const gone = current.find((f) => f.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((f) => f.id !== id);
    });
  }, []);

  const clear = useCallback(() => {
    setFiles((current) => {
      current.forEach((f) => URL.revokeObjectURL(f.preview));
      return [];
    });
  }, []);

  const update = useCallback((index: number, change: Partial<BatchFile>) => {
    setFiles((current) => current.map((f, i) => (i === index ? { ...f, ...change } : f)));
  }, []);

  const setStatus = useCallback(
    (index: number, status: Exclude<BatchFileStatus, 'error'>) => update(index, { status, progress: BATCH_FILE_PROGRESS[status], error: null }),
    [update],
  );
  const setError = useCallback((index: number, error: string) => update(index, { status: 'error', error }), [update]);
  /** The processing call is under way (the spec's row at 75%): still uploaded. */
  const setAllCreated = useCallback(() => setFiles((current) => current.map((f) => (f.status === 'uploaded' ? { ...f, progress: BATCH_FILE_ROW_CREATED_PROGRESS } : f))), []);
  const setAll = useCallback((change: (f: BatchFile) => Partial<BatchFile>) => setFiles((current) => current.map((f) => ({ ...f, ...change(f) }))), []);

  return { files, add, remove, clear, update, setStatus, setError, setAllCreated, setAll };
}
