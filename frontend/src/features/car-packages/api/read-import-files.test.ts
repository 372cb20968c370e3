import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_CARS } from '@shared/limits';
import { IMPORT_MESSAGES } from '@shared/messages';
import { readImportFiles } from './read-import-files';

const bytes = (n: number) => new Uint8Array(n).fill(7);
const zipFile = (files: Record<string, Uint8Array>, name = 'day.zip') => new File([zipSync(files, { level: 0 }) as Uint8Array<ArrayBuffer>], name, { type: 'application/zip' });

describe('reading an import', () => {
  it('unpacks the photos of a zip with their type, lists what it does not take without unpacking it, skips system files', async () => {
    const progress: [number, number][] = [];
    const read = await readImportFiles(
      [zipFile({ 'day/A1-1.jpg': bytes(10), 'day/A1-2.PNG': bytes(20), 'day/notes.txt': bytes(5), 'day/.DS_Store': bytes(3), '__MACOSX/day/._A1-1.jpg': bytes(3) }), new File([bytes(4)], 'B2-1.webp', { type: 'image/webp' })],
      (done, total) => progress.push([done, total]),
    );
    expect(read.problem).toBeNull();
    expect(read.entries.map((e) => [e.name, e.type, e.size, e.file?.name ?? null])).toEqual([
      ['day/A1-1.jpg', 'image/jpeg', 10, 'A1-1.jpg'],
      ['day/A1-2.PNG', 'image/png', 20, 'A1-2.PNG'],
      ['day/notes.txt', '', 5, null],
      ['B2-1.webp', 'image/webp', 4, 'B2-1.webp'],
    ]);
    expect(new Uint8Array(await read.entries[1]!.file!.arrayBuffer())).toEqual(bytes(20));
    expect(progress.at(-1)).toEqual([2, 2]);
  });

  it('refuses a zip past 30 cars whole, and a file that is not a zip', async () => {
    const tooMany = Object.fromEntries(Array.from({ length: MAX_IMPORT_CARS + 1 }, (_, i) => [`S${i}-1.jpg`, bytes(1)]));
    expect(await readImportFiles([zipFile(tooMany)])).toEqual({ entries: [], problem: IMPORT_MESSAGES.tooManyCars(MAX_IMPORT_CARS + 1, MAX_IMPORT_CARS) });
    expect(await readImportFiles([new File([bytes(50)], 'broken.zip')])).toEqual({ entries: [], problem: IMPORT_MESSAGES.zipUnreadable('broken.zip') });
  });
});
