/**
 * `npx tsx tests/bench/angle-turntable.ts`: the local angle classifier on photos it was not fitted on, with known angles.
 *
 * 1. The 72 frames of a turntable Renault Kadjar with a true alpha (CUTOUT_EVAL_FRAMES: Say-healer/360-car-rotate's
 *    "Rouge Flamme" frames, local only, never committed; skipped without them). Frame n is n x 5 degrees from the
 *    front, turning towards the car's left side (frame 9 a front left corner, 18 the left side, 36 the rear, 54 the
 *    right side). Each frame flattened over white and over grey, and composited over a scene
 *    (cutout-truth-composites.ts: alone or with a second car behind or beside it), each also mirrored.
 *    Even frames may be tuned on; the odd ones are held out.
 * 2. The committed and shared single car photos mirrored for real (the photo flipped and cut out again, as a dealer's
 *    mirrored photo would be; eval:vision mirrors the cut-out instead).
 *
 * Every photo goes through the product's path: the detector, the car check, the configured cut-out (u2netp by
 * default) and the classifier. Cut-outs and detections are cached on disk by the photo's content
 * (.cache/angle-eval), so a rerun measures a changed classifier in seconds. Expected label: the nearest of the eight
 * named angles (45 degrees apart); a frame within 10 degrees of the boundary between two labels accepts both.
 *   --json <file>  also writes every case's features and answer (for studying the errors)
 *   --held-out     only the odd (held-out) frames and the single car photos: half the time
 *   --write        writes the section "Angle: the Kadjar turntable (issue 39)" of docs/benchmarks.md
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import sharp from 'sharp';
import { MIRRORED_ANGLE, type Angle } from '@shared/angles';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto, type DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import { CenterNetDetector } from '../../functions/src/vision/local/centernet-detector';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { AngleFeatures } from '../../functions/src/vision/angle-features';
import { acceptedAt, CAR_LABELS, KADJAR_STEP } from './angle-labels';
import { compose, SETUPS, STYLES } from './cutout-truth-composites';
import { writeBenchmarkSection } from './report';
import { cachedCutOut, cachedDetector } from './vision-cache';

const ROOT = resolve(import.meta.dirname, '../..');
const FRAMES = process.env.CUTOUT_EVAL_FRAMES ?? resolve(ROOT, '.cache/cutout-eval/rouge-flamme');
const SHARED_SCENES = resolve(ROOT, '../shared/scenes');
if (!process.env.SCENES_DIR && existsSync(SHARED_SCENES)) process.env.SCENES_DIR = SHARED_SCENES;
const JSON_OUT = process.argv.includes('--json') ? process.argv[process.argv.indexOf('--json') + 1] : undefined;
const WRITE = process.argv.includes('--write');
const HELD_OUT_ONLY = process.argv.includes('--held-out');

const CUTOUT_MODEL = cutoutModelFromEnv();
const cutout = createCutout(CUTOUT_MODEL);
const CACHE = resolve(ROOT, '.cache/angle-eval', CUTOUT_MODEL);
const GROUP: Record<Angle, string> = { front: 'front', rear: 'rear', left_side: 'side', right_side: 'side', front_left_corner: 'corner', front_right_corner: 'corner', rear_left_corner: 'corner', rear_right_corner: 'corner' };

interface Case {
  name: string;
  source: string;
  split: 'tune' | 'held-out' | 'fixture';
  accept: Angle[];
  got: Angle | 'refused';
  confidence: number;
  features?: AngleFeatures;
}

const detector = new CenterNetDetector();
const vision = new LocalVision(cachedCutOut(cutout, CACHE), cachedDetector(detector, CACHE));

async function look(photo: DecodedPhoto): Promise<Pick<Case, 'got' | 'confidence' | 'features'>> {
  const s = await vision.lookClosely(photo);
  return s.sighting.ok ? { got: s.sighting.angle!, confidence: s.sighting.confidence, features: s.features } : { got: 'refused', confidence: 0 };
}

async function flop(photo: DecodedPhoto): Promise<DecodedPhoto> {
  const rgb = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).flop().raw().toBuffer();
  return { ...photo, rgb, sourceSha256: undefined };
}

/** A frame flattened over a plain background, at its own size (640x480). */
async function flattened(file: string, background: string): Promise<DecodedPhoto> {
  return decodePhoto(await sharp(file).flatten({ background }).jpeg({ quality: 92 }).toBuffer(), basename(file));
}

async function main() {
  if (!existsSync(FRAMES)) {
    console.log(`angle-turntable: no turntable frames at ${FRAMES} (set CUTOUT_EVAL_FRAMES); skipped.`);
    return;
  }
  const frames = readdirSync(FRAMES).filter((f) => f.endsWith('.png')).sort();
  if (frames.length !== 72) throw new Error(`angle-turntable: expected the 72 frames of the Kadjar turntable, found ${frames.length}`);
  await vision.warmUp();
  const cases: Case[] = [];
  const cpu0 = process.cpuUsage();
  let classified = 0;
  for (const [i, file] of frames.entries()) {
    const accept = acceptedAt(i * KADJAR_STEP);
    const split = i % 2 === 0 ? 'tune' : 'held-out';
    if (HELD_OUT_ONLY && split === 'tune') continue;
    const setup = SETUPS[i % SETUPS.length]!;
    const style = STYLES[Math.floor(i / SETUPS.length) % STYLES.length]!;
    const photos: Array<[string, DecodedPhoto]> = [
      ['white', await flattened(join(FRAMES, file), '#ffffff')],
      ['grey', await flattened(join(FRAMES, file), '#808080')],
      [`composite`, await decodePhoto((await compose(FRAMES, frames, file, setup, style)).jpeg, file)],
    ];
    for (const [source, photo] of photos) {
      const straight = await look(photo);
      const mirrored = await look(await flop(photo));
      classified += 2;
      cases.push({ name: `${file} ${source}${source === 'composite' ? ` (${setup}, ${style})` : ''}`, source, split, accept, ...straight });
      cases.push({ name: `${file} ${source} mirrored`, source, split, accept: accept.map((a) => MIRRORED_ANGLE[a]), ...mirrored });
    }
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  // The single car photos, each also flipped and cut out again.
  const dirs = [resolve(ROOT, 'tests/fixtures/cars'), resolve(ROOT, 'tests/fixtures/vision'), resolve(ROOT, '../shared/fixtures/cars')];
  const seen = new Set<string>();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir).sort()) {
      const label = CAR_LABELS[f];
      if (!label || seen.has(f)) continue;
      seen.add(f);
      const photo = await decodePhoto(await readFile(join(dir, f)), f);
      cases.push({ name: f, source: 'fixture', split: 'fixture', accept: [label], ...(await look(photo)) });
      cases.push({ name: `${f} mirrored`, source: 'fixture', split: 'fixture', accept: [MIRRORED_ANGLE[label]], ...(await look(await flop(photo))) });
    }
  }
  const cpuMs = (process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1000;

  const right = (c: Case) => c.got !== 'refused' && c.accept.includes(c.got);
  const rightFour = (c: Case) => c.got !== 'refused' && c.accept.some((a) => GROUP[a] === GROUP[c.got as Angle]);
  const pct = (cs: Case[], ok: (c: Case) => boolean) => (cs.length ? `${((100 * cs.filter(ok).length) / cs.length).toFixed(1)}% (${cs.filter(ok).length}/${cs.length})` : 'n/a');
  const clear = (c: Case) => c.accept.length === 1;
  const rows: string[] = ['| set | split | eight-way | four-way | eight-way, clear frames only |', '|---|---|---|---|---|'];
  for (const source of ['white', 'grey', 'composite', 'fixture']) {
    for (const split of source === 'fixture' ? (['fixture'] as const) : (['held-out', 'tune'] as const)) {
      const cs = cases.filter((c) => c.source === source && c.split === split);
      if (cs.length) rows.push(`| ${source === 'fixture' ? 'single car photos, straight and flipped (cut out again)' : `Kadjar over ${source === 'composite' ? 'a scene (composite)' : source}`} | ${split} | ${pct(cs, right)} | ${pct(cs, rightFour)} | ${pct(cs.filter(clear), right)} |`);
    }
  }
  const kadjar = cases.filter((c) => c.source !== 'fixture');
  for (const split of ['held-out', 'tune'] as const) {
    const cs = kadjar.filter((c) => c.split === split);
    rows.push(`| Kadjar, all three | ${split} | ${pct(cs, right)} | ${pct(cs, rightFour)} | ${pct(cs.filter(clear), right)} |`);
  }
  const wrong = cases.filter((c) => !right(c)).map((c) => `${c.name} (${c.split}): ${c.accept.join('/')} → ${c.got}`);
  const body = [
    `Local angle classifier (${CUTOUT_MODEL} cut-out) on ${kadjar.length} Kadjar cases (72 frames x white, grey, a scene; each mirrored) and ${cases.length - kadjar.length} single car photo cases. ${new Date().toISOString().slice(0, 10)}, load ${loadavg()[0]!.toFixed(1)} (${cpus().length} cores), CPU ${(cpuMs / 1000).toFixed(0)} s for ${classified + cases.length - kadjar.length} looks.`,
    '',
    ...rows,
    '',
    `Wrong: ${wrong.join('; ') || 'none'}.`,
  ].join('\n');
  console.log(body);
  if (JSON_OUT) await writeFile(JSON_OUT, JSON.stringify(cases, null, 1));
  if (WRITE) await writeBenchmarkSection('Angle: the Kadjar turntable (issue 39)', body);
}

await main();
process.exit(0);
