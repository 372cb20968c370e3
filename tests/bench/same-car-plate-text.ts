/**
 * Issue 39 item 1 (different cars of one paint colour): the number plate's text as the car's identity. `--measure
 * file ...` runs the local car check, the product's plate finder (functions/src/renderer/text/plates.ts findPlates) and
 * the plate reader (functions/src/vision/plate-text/plate-reader.ts) on each photo, shrunk to the form's check size
 * first, and keeps what each read in .cache/same-car-plate-text.json (or --out). Each of the finder's first boxes is
 * read three ways: the lettering box, the box joined with the boxes on its line, the plate's light panel around it.
 * Without --measure: the tables from the cache (br- photos are named after their plate: exact reads).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import sharp from 'sharp';
import { PHOTO_CHECK_MAX_SIDE } from '@shared/schemas/car-photo-check';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { findPlates, panelAround } from '../../functions/src/renderer/text/plates';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { readLine, warmUpPlateReader, type Box } from '../../functions/src/vision/plate-text/plate-reader';
import { lineOf } from '../../functions/src/vision/plate-text/plate-text';
import { photoPaths } from './photo-paths';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Read {
  rank: number;
  how: 'box' | 'line' | 'panel';
  box: Box;
  text: string;
  confidences: number[];
  ms: number;
}

export interface PlateTextMeasure {
  name: string;
  angle: string | null;
  paint: [number, number, number] | null;
  boxes: number;
  findMs: number;
  findCpuMs: number;
  reads: Read[];
}

async function shrunk(bytes: Buffer): Promise<Buffer> {
  const m = await sharp(bytes).rotate().metadata();
  if (Math.max(m.width!, m.height!) <= PHOTO_CHECK_MAX_SIDE) return bytes;
  return sharp(bytes).rotate().resize(PHOTO_CHECK_MAX_SIDE, PHOTO_CHECK_MAX_SIDE, { fit: 'inside' }).jpeg({ quality: 90 }).toBuffer();
}

async function measure(files: string[], out: string, wholeFrame: boolean): Promise<void> {
  const vision = wholeFrame ? undefined : new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision?.warmUp();
  await warmUpPlateReader();
  await mkdir(resolve(out, '..'), { recursive: true });
  const all: PlateTextMeasure[] = [];
  for (const file of files) {
    const name = basename(file);
    const photo = await decodePhoto(await shrunk(await readFile(file)));
    // --whole-frame: no car check (its cut-out is most of a photo's time on a loaded machine); the whole photo is the car.
    const { sighting, mask } = vision
      ? await vision.lookClosely(photo)
      : { sighting: { ok: true as const, angle: null, appearance: undefined }, mask: { alpha: new Uint8Array(photo.width * photo.height).fill(255) } };
    if (!sighting.ok || !mask) {
      console.log(name, 'no car');
      continue;
    }
    const t = performance.now();
    const cpu = process.cpuUsage();
    const plates = await findPlates({ rgb: photo.rgb, width: photo.width, height: photo.height, carAlpha: mask.alpha });
    const used = process.cpuUsage(cpu);
    const findMs = Math.round(performance.now() - t);
    const reads: Read[] = [];
    for (const [rank, top] of plates.slice(0, 3).entries()) {
      const panel = panelAround(photo, top);
      const ways: Array<[Read['how'], Box | undefined]> = [['box', top], ['line', lineOf(top, plates)], ['panel', panel]];
      for (const [how, box] of ways) {
        if (!box || box.width < 4 || box.height < 4) continue;
        const s = performance.now();
        const r = await readLine(photo.rgb, photo.width, photo.height, box);
        reads.push({ rank, how, box: { x: box.x, y: box.y, width: box.width, height: box.height }, text: r.text, confidences: r.confidences.map((c) => Math.round(c * 1000) / 1000), ms: Math.round(performance.now() - s) });
      }
    }
    all.push({ name, angle: sighting.angle, paint: sighting.appearance?.paint ?? null, boxes: plates.length, findMs, findCpuMs: Math.round((used.user + used.system) / 1000), reads });
    await writeFile(out, JSON.stringify(all));
    console.log(name, sighting.angle, `${findMs} ms`, reads.filter((r) => r.rank === 0).map((r) => `${r.how}:${r.text}(${r.ms}ms)`).join(' '));
  }
}

async function main() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const out = at >= 0 ? resolve(args[at + 1]!) : resolve(ROOT, '.cache/same-car-plate-text.json');
  const rest = args.filter((a, i) => a !== '--out' && args[i - 1] !== '--out' && a !== '--measure' && a !== '--whole-frame');
  if (args.includes('--measure')) return measure(photoPaths(rest), out, args.includes('--whole-frame'));
  const { report } = await import('./same-car-plate-text-report');
  report(existsSync(out) ? JSON.parse(await readFile(out, 'utf8')) : []);
}

await main();
