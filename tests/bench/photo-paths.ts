/** The bench scripts' photo arguments: each a photo, or a directory whose JPEG, PNG and WebP photos are taken (the non-car photos left out), sorted. */
import { readdirSync, statSync } from 'node:fs';
import { resolve } from 'node:path';

export const photoPaths = (paths: string[]): string[] =>
  paths.flatMap((p) =>
    statSync(p).isDirectory()
      ? readdirSync(p)
          .filter((f) => /\.(jpe?g|png|webp)$/i.test(f) && !f.startsWith('noncar'))
          .sort()
          .map((f) => resolve(p, f))
      : [resolve(p)],
  );
