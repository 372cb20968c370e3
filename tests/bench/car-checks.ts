/**
 * The car check (functions/src/renderer/checks/car-checks.ts) over real photos, without the networks after the first
 * run: each photo is cut out once as the renderer does (`LocalVision.lookClosely`, the detector's main box, the angle)
 * and what `checkCar` is given is kept in .cache/car-checks/<dir>/<photo>.bin; later runs only check. Prints each
 * photo's verdict, reasons and measures; `--save F` writes them as JSON, `--against F` prints only the photos whose
 * reasons differ from such a file (a check changed, the same cut-outs).
 *
 *   npx tsx tests/bench/car-checks.ts <photo or directory>... [--save F] [--against F] [--fresh]
 *
 * The enlargement is the one the package form predicts from the detector's box (`predictedEnlargement`), not the
 * composed image's: the same for every photo but a car placed differently by the studio.
 *
 * `--dealer F`: a JSON file of the verdicts a dealer gave the rendered images (`{ "<dir>/<photo>": "ok" | "review" |
 * "retake" }`, a refused photo counting as "retake"); prints how many of those photos the card agrees with, exactly
 * and on "ok" or not, and lists the others.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { Angle } from '@shared/angles';
import { checkCar, predictedEnlargement, type CarMeasures, type PhotoPixels } from '../../functions/src/renderer/checks/car-checks';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import type { NormBox } from '../../functions/src/vision/port';
import { photoPaths } from './photo-paths';

interface Input {
  mask: CleanMask;
  photo: PhotoPixels;
  main?: NormBox;
  angle: Angle;
  cutByEdge: boolean;
  upscale: number;
  people?: NormBox[];
}
type Cached = Input | { refused: string };

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const save = option('--save');
const against = option('--against');
const dealer = option('--dealer');
const fresh = args.includes('--fresh');
const paths = args.filter((a) => !a.startsWith('--'));
const photos = photoPaths(paths);
const cacheDir = resolve(import.meta.dirname, '../../.cache/car-checks');

let vision: import('../../functions/src/vision/local/local-vision').LocalVision | undefined;
async function cutOut(file: string): Promise<Cached> {
  if (!vision) {
    // The renderer's own vision and cut-out, loaded only when a photo is not cached yet.
    const { LocalVision } = await import('../../functions/src/vision/local/local-vision');
    const { cutout } = await import('../../functions/src/renderer/local/local-renderer');
    vision = new LocalVision((photo) => cutout.cutOut(photo));
    await vision.warmUp();
  }
  const photo = await decodePhoto(readFileSync(file), basename(file)).catch((e: Error) => e);
  if (photo instanceof Error) return { refused: photo.message };
  const look = await vision.lookClosely(photo, { appearance: false });
  const { sighting } = look;
  if (!sighting.ok || !look.mask) return { refused: sighting.ok ? 'no mask' : sighting.reason };
  const main = sighting.main;
  return {
    mask: look.mask,
    photo: { rgb: new Uint8Array(photo.rgb), width: photo.width, height: photo.height },
    main,
    angle: sighting.angle!,
    cutByEdge: sighting.cutByEdge,
    upscale: main ? predictedEnlargement(main, { width: photo.originalWidth, height: photo.originalHeight }) : 1,
    // The detector's people over the car: a person in front is a retake, as in the render.
    ...(sighting.people ? { people: sighting.people } : {}),
  };
}

const rows: Record<string, { verdict: string; reasons: string[]; measures?: CarMeasures; ms?: number }> = {};
const shortReason = (text: string) => text.replace(/^(Please check|Retake suggested): /, '').slice(0, 48);
for (const file of photos) {
  const name = `${basename(dirname(file))}/${basename(file)}`;
  const cached = resolve(cacheDir, `${name}.bin`);
  let input: Cached;
  if (!fresh && existsSync(cached)) input = deserialize(readFileSync(cached)) as Cached;
  else {
    input = await cutOut(file);
    mkdirSync(dirname(cached), { recursive: true });
    writeFileSync(cached, serialize(input));
  }
  if ('refused' in input) {
    rows[name] = { verdict: 'refused', reasons: [input.refused] };
    continue;
  }
  const t = process.cpuUsage();
  const result = checkCar(input);
  const used = process.cpuUsage(t);
  rows[name] = { verdict: result.verdict, reasons: result.reasons, measures: result.measures, ms: (used.user + used.system) / 1000 };
}

const before = against ? (JSON.parse(readFileSync(against, 'utf8')) as typeof rows) : undefined;
const fmt = (m?: CarMeasures) =>
  m
    ? Object.entries(m)
        .filter(([, v]) => v > 0)
        .map(([k, v]) => `${k} ${v.toFixed(3)}`)
        .join(', ')
    : '';
let changed = 0;
for (const [name, row] of Object.entries(rows)) {
  const old = before?.[name];
  if (before && old && old.verdict === row.verdict && old.reasons.join() === row.reasons.join()) continue;
  if (before) changed++;
  const was = old ? `  (was ${old.verdict}${old.reasons.length ? ': ' + old.reasons.map(shortReason).join('; ') : ''})` : '';
  console.log(`${name.padEnd(64)} ${row.verdict.padEnd(7)} ${row.reasons.map(shortReason).join('; ')}${was}\n    ${fmt(row.measures)}`);
}
const all = Object.values(rows);
const counts = (v: string) => all.filter((r) => r.verdict === v).length;
const ms = all.flatMap((r) => (r.ms === undefined ? [] : [r.ms])).sort((a, b) => a - b);
console.log(
  `\n${all.length} photos: ok ${counts('ok')}, review ${counts('review')}, retake ${counts('retake')}, refused ${counts('refused')}` +
    (before ? `; ${changed} changed against ${against}` : '') +
    (ms.length ? `; check CPU median ${ms[ms.length >> 1]!.toFixed(1)} ms, max ${ms[ms.length - 1]!.toFixed(1)} ms` : ''),
);
if (save) writeFileSync(save, JSON.stringify(rows, null, 1));
if (dealer) {
  const said = JSON.parse(readFileSync(dealer, 'utf8')) as Record<string, string>;
  const judged = Object.entries(said).filter(([name]) => rows[name]);
  const card = (name: string) => (rows[name]!.verdict === 'refused' ? 'retake' : rows[name]!.verdict);
  const exact = judged.filter(([name, v]) => card(name) === v);
  const flagged = judged.filter(([name, v]) => (card(name) === 'ok') === (v === 'ok'));
  console.log(`dealer's verdicts (${dealer}): the card agrees on ${exact.length} of ${judged.length} exactly, ${flagged.length} of ${judged.length} on "ok" or not`);
  for (const [name, v] of judged) if (card(name) !== v) console.log(`  ${name.padEnd(62)} dealer ${v.padEnd(7)} card ${rows[name]!.verdict}`);
}
