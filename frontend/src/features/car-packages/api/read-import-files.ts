import { importPhotoType, isJunk, planImport, type ImportFileLike } from '@shared/bulk-import';
import { MAX_FILE_BYTES, MAX_IMPORT_ZIP_ENTRIES } from '@shared/limits';
import { IMPORT_MESSAGES } from '@shared/messages';

/**
 * One file of an import: a dropped or picked file, or one unpacked from a zip. `file` is null for a zip's file that was
 * not unpacked because the product would refuse it anyway (its type, or past 10 MB): it is listed with the reason.
 */
export interface ImportEntry extends ImportFileLike {
  name: string;
  size: number;
  type: string;
  file: File | null;
}

const isZip = (file: File) => /\.zip$/i.test(file.name) || file.type === 'application/zip' || file.type === 'application/x-zip-compressed';

/** Files unpacked per pass, between which the page gets its turn (progress, input). */
const UNPACK_PASS = 8;

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A zip's files, unpacked in the browser with fflate (loaded only here, never on the landing page). Its list is read
 * first: a zip past the limits (files, cars, photos) is refused before anything in it is unpacked.
 */
async function readZip(zip: File, onProgress: (done: number, total: number) => void): Promise<{ entries: ImportEntry[]; problem: string | null }> {
  const { unzipSync } = await import('fflate');
  const bytes = new Uint8Array(await zip.arrayBuffer());
  const listed: ImportEntry[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        if (!f.name.endsWith('/') && !isJunk(f.name)) listed.push({ name: f.name, size: f.originalSize, type: '', file: null });
        return false;
      },
    });
  } catch {
    return { entries: [], problem: IMPORT_MESSAGES.zipUnreadable(zip.name) };
  }
  if (listed.length > MAX_IMPORT_ZIP_ENTRIES) return { entries: [], problem: IMPORT_MESSAGES.zipTooManyFiles(zip.name, MAX_IMPORT_ZIP_ENTRIES) };
  const limits = planImport(listed).problem;
  if (limits && limits !== IMPORT_MESSAGES.nothingFound) return { entries: [], problem: limits };
  // Only photos the product would take are unpacked; the rest are listed with their reason.
  const wanted = listed.filter((e) => importPhotoType(e) && e.size > 0 && e.size <= MAX_FILE_BYTES);
  for (let i = 0; i < wanted.length; i += UNPACK_PASS) {
    const pass = new Set(wanted.slice(i, i + UNPACK_PASS).map((e) => e.name));
    let unpacked: Record<string, Uint8Array>;
    try {
      unpacked = unzipSync(bytes, { filter: (f) => pass.has(f.name) });
    } catch {
      return { entries: [], problem: IMPORT_MESSAGES.zipUnreadable(zip.name) };
    }
    for (const entry of wanted.slice(i, i + UNPACK_PASS)) {
      const data = unpacked[entry.name];
      const type = importPhotoType(entry) ?? '';
      const base = entry.name.slice(entry.name.lastIndexOf('/') + 1);
      if (data) Object.assign(entry, { type, size: data.byteLength, file: new File([data as Uint8Array<ArrayBuffer>], base, { type }) });
    }
    onProgress(Math.min(i + UNPACK_PASS, wanted.length), wanted.length);
    await nextTurn();
  }
  return { entries: listed, problem: null };
}

/**
 * What was dropped or picked, as the import's files: photos as they are, each zip unpacked. A problem (a zip past
 * the limits, unreadable) stops the import before anything is checked or sent.
 */
export async function readImportFiles(files: readonly File[], onProgress: (done: number, total: number) => void = () => undefined): Promise<{ entries: ImportEntry[]; problem: string | null }> {
  const entries: ImportEntry[] = [];
  for (const file of files) {
    if (isZip(file)) {
      const zip = await readZip(file, onProgress);
      if (zip.problem) return { entries: [], problem: zip.problem };
      entries.push(...zip.entries);
    } else {
      entries.push({ name: file.name, size: file.size, type: file.type, file });
    }
  }
  return { entries, problem: null };
}
