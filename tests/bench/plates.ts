/**
 * npm run bench:plates: how often the plate finder (functions/src/renderer/text/plates.ts) finds the number plate of
 * a photo that shows a readable one (recall), and what else it takes for one (false alarms: boxes that are not the
 * plate), on every fixture photo of a front, rear or corner: the committed ones, ../shared/fixtures/cars and the
 * front, rear and front corner frames of the two turntable sets (never committed). Writes the "Number plates" section
 * of docs/benchmarks.md; --sheet <dir> also writes each photo with its boxes drawn (green: the plate, red: not).
 *
 * The truth was set by looking at each photo: where its plate is, as a point in the photo (fractions of its width and
 * height, upright), and whether its letters can be read by a person at full size. A box is the plate when it holds
 * that point.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import sharp from 'sharp';
import type { Angle } from '@shared/angles';
import { preparePhotos } from '../../functions/src/renderer/local/local-renderer';
import { findPlates } from '../../functions/src/renderer/text/plates';
import { writeBenchmarkSection } from './report';

const ROOT = resolve(import.meta.dirname, '../..');
const SHARED = resolve(ROOT, '../shared/fixtures');
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);

interface Case {
  file: string;
  angle: Angle;
  /** Where the plate is (fractions of the upright photo), or null: no plate in view. */
  plate: [number, number] | null;
  /** A person reads its letters at full size (blank, pre-blurred or too small plates are not). */
  readable: boolean;
  note?: string;
}

const committed = (name: string) => resolve(ROOT, 'tests/fixtures/cars', name);
const vision = (name: string) => resolve(ROOT, 'tests/fixtures/vision', name);
const shared = (path: string) => resolve(SHARED, path);

const CASES: Case[] = [
  { file: committed('cupra-born-grey-front34-street.jpg'), angle: 'front_left_corner', plate: [0.365, 0.75], readable: true },
  { file: committed('hyundai-ioniq5-silver-front34-grass.jpg'), angle: 'front_left_corner', plate: [0.155, 0.69], readable: true },
  { file: committed('bmw-x3-blue-front34-parked-4540px.jpg'), angle: 'front_left_corner', plate: [0.13, 0.71], readable: true, note: 'New York plate, orange' },
  { file: committed('bmw-e30-silver-front34-show-5220px.jpg'), angle: 'front_right_corner', plate: [0.78, 0.5], readable: true, note: 'seen at a slant' },
  { file: committed('bmw-2002-silver-front34-grass.jpg'), angle: 'front_left_corner', plate: [0.24, 0.66], readable: false, note: 'blurred by the photographer' },
  { file: vision('lexus-es-champagne-rear-street.jpg'), angle: 'rear', plate: [0.51, 0.52], readable: true },
  { file: vision('toyota-camry-white-rear-street.jpg'), angle: 'rear', plate: [0.45, 0.47], readable: true, note: 'small, motion-blurred' },
  { file: shared('cars/bmw-ix3-black-front-street.jpg'), angle: 'front', plate: [0.525, 0.685], readable: true },
  { file: shared('cars/bmw-m5-green-front34-lot.jpg'), angle: 'front_right_corner', plate: [0.85, 0.66], readable: false, note: 'blank plate' },
  { file: shared('cars/vw-id3-white-front34.jpg'), angle: 'front_right_corner', plate: [0.57, 0.67], readable: false, note: 'empty plate holder' },
  { file: shared('angles/changan-cs55/cs55_f00_front.png'), angle: 'front', plate: [0.5, 0.65], readable: true, note: 'showroom plate "CS55"' },
  { file: shared('angles/changan-cs55/cs55_f12_rear.png'), angle: 'rear', plate: [0.5, 0.59], readable: true, note: 'showroom plate "CS55"' },
  { file: shared('angles/changan-cs55/cs55_f03_front_left_corner.png'), angle: 'front_left_corner', plate: [0.2, 0.63], readable: true, note: 'showroom plate "CS55"' },
  { file: shared('angles/toyota-corolla/corolla_blackCar_front.png'), angle: 'front', plate: [0.5, 0.58], readable: true, note: 'showroom plate "Corolla Altis"' },
  { file: shared('angles/toyota-corolla/corolla_blackCar_rear.png'), angle: 'rear', plate: [0.5, 0.49], readable: true, note: 'showroom plate "Corolla Altis"' },
  { file: shared('angles/toyota-corolla/corolla_whiteCar_front_left_corner.png'), angle: 'front_left_corner', plate: [0.245, 0.57], readable: true, note: 'showroom plate "Corolla Altis"' },
];

interface Outcome {
  name: string;
  readable: boolean;
  hasPlate: boolean;
  found: boolean;
  falseAlarms: number;
  ms: number;
  note?: string;
}

const available = CASES.filter((c) => existsSync(c.file));
const sheetDir = arg('--sheet');
if (sheetDir) await mkdir(sheetDir, { recursive: true });
const outcomes: Outcome[] = [];
for (const c of available) {
  const bytes = await readFile(c.file);
  const [prepared] = await preparePhotos([{ id: basename(c.file), bytes, angle: c.angle }]);
  const { photo, mask } = prepared!;
  const t = performance.now();
  const boxes = await findPlates({ rgb: photo.rgb, width: photo.width, height: photo.height, carAlpha: mask.alpha });
  const ms = performance.now() - t;
  const point = c.plate && { x: c.plate[0] * photo.width, y: c.plate[1] * photo.height };
  // The point may sit on the plate's rim: a box a little short of it (3% of the photo's width) still holds it.
  const slack = 0.03 * photo.width;
  const isPlate = (b: (typeof boxes)[number]) => !!point && point.x >= b.x - slack && point.x <= b.x + b.width + slack && point.y >= b.y - slack && point.y <= b.y + b.height + slack;
  outcomes.push({ name: basename(c.file), readable: c.readable, hasPlate: !!c.plate, found: boxes.some(isPlate), falseAlarms: boxes.filter((b) => !isPlate(b)).length, ms, note: c.note });
  if (sheetDir) {
    const rects = boxes.map((b) => `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" fill="none" stroke="${isPlate(b) ? '#00d000' : '#ff0000'}" stroke-width="4"/>`).join('');
    const dot = point ? `<circle cx="${point.x}" cy="${point.y}" r="6" fill="#ffd000"/>` : '';
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${photo.width}" height="${photo.height}">${rects}${dot}</svg>`;
    const drawn = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).composite([{ input: Buffer.from(svg) }]).png().toBuffer();
    await sharp(drawn).resize({ width: 800 }).jpeg({ quality: 80 }).toFile(join(sheetDir, `${basename(c.file)}.jpg`));
  }
  console.log(`${basename(c.file).padEnd(48)} ${c.readable ? 'readable' : c.plate ? 'unreadable' : 'no plate'}  found ${boxes.some(isPlate) ? 'yes' : 'no '}  other boxes ${boxes.filter((b) => !isPlate(b)).length}  ${ms.toFixed(0)} ms`);
}

const readable = outcomes.filter((o) => o.readable);
const found = readable.filter((o) => o.found).length;
const alarms = outcomes.reduce((n, o) => n + o.falseAlarms, 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const rows = outcomes.map((o) => `| ${o.name} | ${o.readable ? 'yes' : o.hasPlate ? 'no' : 'none in view'} | ${o.found ? 'found' : o.readable ? '**missed**' : '-'} | ${o.falseAlarms} | ${o.note ?? ''} |`);
const text = [
  `\`npm run bench:plates\` (${new Date().toISOString().slice(0, 10)}; ${available.length} photos of a front, rear or corner: the committed fixtures and, when present, ../shared/fixtures). The plate's place and whether a person can read it were set by looking at each photo; a box is the plate when it holds that place.`,
  '',
  `Recall on readable plates: **${found} of ${readable.length}** (${((100 * found) / Math.max(1, readable.length)).toFixed(0)}%). Boxes that are not the plate (lettering on a bumper or spoiler, a badge; blurred too when blurring is asked): **${alarms}** over ${outcomes.length} photos. Median time to find the plate: ${median(outcomes.map((o) => o.ms)).toFixed(0)} ms a photo (this machine, 2 vCPU).`,
  '',
  '| photo | readable plate | plate | other boxes | note |',
  '|---|---|---|---:|---|',
  ...rows,
].join('\n');
await writeBenchmarkSection('Number plates', text);
console.log(`\nrecall ${found}/${readable.length}, other boxes ${alarms}`);
