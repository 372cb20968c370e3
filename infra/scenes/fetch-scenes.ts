/**
 * `npm run scenes:fetch [-- --size 1k|2k|4k|8k] [--dir <folder>]`: downloads every panorama the scene manifest lists
 * from its publisher, Poly Haven (CC0), into SCENES_DIR (or the --dir given, or .cache/scenes). A 1k file is checked
 * against the manifest's sha256 and refused on a mismatch; larger sizes have no known hash and are only checked to
 * be Radiance files of the right size. A file already there and intact is not downloaded again.
 * Written without a way to try it here (no internet on the machine it was written on).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SCENES } from '../../functions/src/renderer/scenes/scene-manifest';
import { decodeRgbe } from '../../functions/src/renderer/scenes/rgbe';

const SIZES = { '1k': 1024, '2k': 2048, '4k': 4096, '8k': 8192 } as const;
type Size = keyof typeof SIZES;

const { values } = parseArgs({ options: { size: { type: 'string', default: '1k' }, dir: { type: 'string' } } });
if (!(values.size! in SIZES)) {
  console.error(`--size must be one of ${Object.keys(SIZES).join(', ')} (got "${values.size}")`);
  process.exit(2);
}
const size = values.size as Size;
const dir = resolve(values.dir ?? process.env.SCENES_DIR ?? '.cache/scenes');
mkdirSync(dir, { recursive: true });

const url = (slug: string) => `https://dl.polyhaven.org/file/ph-assets/HDRIs/hdr/${size}/${slug}_${size}.hdr`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The refusal for bytes that are not this panorama, or undefined when they are. */
function check(bytes: Uint8Array, expected: string): string | undefined {
  if (size === '1k') return sha256(bytes) === expected ? undefined : 'its sha256 differs from the manifest';
  try {
    const image = decodeRgbe(bytes);
    return image.width === SIZES[size] && image.height === SIZES[size] / 2 ? undefined : `it is ${image.width}x${image.height}, not ${SIZES[size]}x${SIZES[size] / 2}`;
  } catch (error) {
    return (error as Error).message;
  }
}

let failed = 0;
const slugs = new Map(SCENES.map((s) => [s.slug, s.sha256_1k]));
for (const [slug, hash] of slugs) {
  const path = resolve(dir, `${slug}_${size}.hdr`);
  if (existsSync(path) && !check(readFileSync(path), hash)) {
    console.log(`${slug}: already there`);
    continue;
  }
  try {
    const response = await fetch(url(slug));
    if (!response.ok) throw new Error(`HTTP ${response.status} from ${url(slug)}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const refusal = check(bytes, hash);
    if (refusal) throw new Error(`refused: ${refusal}`);
    writeFileSync(`${path}.part`, bytes);
    renameSync(`${path}.part`, path);
    console.log(`${slug}: ${(bytes.length / 1e6).toFixed(1)} MB${size === '1k' ? ', sha256 checked' : ''}`);
  } catch (error) {
    failed++;
    console.error(`${slug}: ${(error as Error).message}`);
  }
}
console.log(`${slugs.size - failed} of ${slugs.size} panoramas in ${dir}${failed ? `; ${failed} failed` : ''}. Set SCENES_DIR=${dir} to use them.`);
process.exit(failed ? 1 : 0);
