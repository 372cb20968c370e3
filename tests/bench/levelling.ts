/**
 * `npm run bench:levelling`: how far levelling (functions/src/renderer/local/levelling.ts) turns photos taken level,
 * and how it brings back photos turned on purpose. Every car photo committed (tests/fixtures/cars, tests/fixtures/vision)
 * and in ../shared/fixtures/cars, the Changan CS55 turntable's 24 frames and the Toyota Corolla's views
 * (../shared/fixtures/angles), the Renault Kadjar turntable's frames 15 degrees apart (.cache/cutout-eval/rouge-flamme or CUTOUT_EVAL_FRAMES,
 * local only): each read as a side/front/rear (the two tyres' contacts) and as a corner (the uprights and the wheel),
 * whatever its own view, since a dealer may tag an in-between photo either way; and the side and corner photos, and two
 * Changan frames 15 degrees off a side, turned 4 degrees either way. Prints a table (turned by, degrees, and why not) and how many turned photos come back within a degree; writes nothing. Level photos should read 0.
 * ONLY=<regex> measures only the photos whose names match; READINGS=1 adds each reading's cues (lean/rival).
 * PREPARED_CACHE=<dir> keeps each prepared photo (its pixels, cut-out and angle) there, local only, so a rerun reads
 * them instead of running the cut-out again (about 10 s a photo).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';

const ROOT = resolve(import.meta.dirname, '../..');
const SHARED_SCENES = resolve(ROOT, '../shared/scenes');
if (!process.env.SCENES_DIR && existsSync(SHARED_SCENES)) process.env.SCENES_DIR = SHARED_SCENES;
const { preparePhotos } = await import('../../functions/src/renderer/local/local-renderer');
const { levelCar } = await import('../../functions/src/renderer/local/levelling');
type Levelled = ReturnType<typeof levelCar>;

const SHARED = resolve(ROOT, '../shared/fixtures');
const KADJAR = process.env.CUTOUT_EVAL_FRAMES ?? resolve(ROOT, '.cache/cutout-eval/rouge-flamme');
const list = (dir: string, re = /\.(jpe?g|png)$/i) => (existsSync(dir) ? readdirSync(dir).filter((f) => re.test(f)).sort() : []);
const flat = (p: string) => sharp(p).flatten({ background: '#ffffff' }).jpeg({ quality: 92 }).toBuffer();
const turned = (p: string | Buffer, degrees: number) => sharp(p).rotate(degrees, { background: '#808080' }).jpeg({ quality: 92 }).toBuffer();

interface Item { name: string; kind: string; bytes: () => Promise<Buffer>; tilt?: number }
const items: Item[] = [];
for (const dir of ['cars', 'vision'])
  for (const f of list(join(ROOT, 'tests/fixtures', dir)).filter((f) => !/^(noncar|refuse)-/.test(f))) items.push({ name: f, kind: 'committed', bytes: async () => readFileSync(join(ROOT, 'tests/fixtures', dir, f)) });
for (const f of list(join(SHARED, 'cars')).filter((f) => !existsSync(join(ROOT, 'tests/fixtures/cars', f)))) items.push({ name: f, kind: 'fixtures (local)', bytes: async () => readFileSync(join(SHARED, 'cars', f)) });
for (const f of list(join(SHARED, 'angles/changan-cs55'))) items.push({ name: f, kind: 'Changan turntable', bytes: () => flat(join(SHARED, 'angles/changan-cs55', f)) });
for (const f of list(join(SHARED, 'angles/toyota-corolla'))) items.push({ name: f, kind: 'Corolla views', bytes: () => flat(join(SHARED, 'angles/toyota-corolla', f)) });
list(KADJAR, /\.png$/).forEach((f, i) => i % 3 === 0 && items.push({ name: `kadjar ${String(i / 3).padStart(2, '0')} (${f})`, kind: 'Kadjar turntable', bytes: () => flat(join(KADJAR, f)) }));
// Turned on purpose: the sides and corners a dealer's crooked phone or a sloping lot would give.
const turnedCases: [string, string][] = [
  ['acura-tl-blue-side-lot.jpg', join(ROOT, 'tests/fixtures/vision/acura-tl-blue-side-lot.jpg')],
  ['hyundai-genesis-black-side-hillside.jpg', join(ROOT, 'tests/fixtures/vision/hyundai-genesis-black-side-hillside.jpg')],
  ['classic-yellow-side-road.jpg', join(SHARED, 'cars/classic-yellow-side-road.jpg')],
  ...['cupra-born-grey-front34-street.jpg', 'hyundai-ioniq5-silver-front34-grass.jpg', 'bmw-2002-silver-front34-grass.jpg', 'bmw-e30-silver-front34-show-5220px.jpg'].map((f): [string, string] => [f, join(ROOT, 'tests/fixtures/cars', f)]),
  ['vw-id3-white-front34.jpg', join(SHARED, 'cars/vw-id3-white-front34.jpg')],
];
for (const [name, path] of turnedCases) if (existsSync(path)) for (const tilt of [4, -4]) items.push({ name, kind: 'turned on purpose', tilt, bytes: () => turned(path, tilt) });
// Level turntable frames 15 degrees off the left side (the near tyre's contact lower by perspective), turned too.
for (const name of ['cs55_f05.png', 'cs55_f07.png']) {
  const path = join(SHARED, 'angles/changan-cs55', name);
  if (existsSync(path)) for (const tilt of [4, -4]) items.push({ name, kind: 'turned on purpose', tilt, bytes: async () => turned(await flat(path), tilt) });
}

const CACHE = process.env.PREPARED_CACHE;
type Prepared = Pick<Awaited<ReturnType<typeof preparePhotos>>[number], 'photo' | 'mask' | 'angle'>;
/** The photo prepared as the renderer prepares it (the cut-out), or read back from PREPARED_CACHE. */
async function prepare(item: Item): Promise<Prepared | undefined> {
  const file = CACHE && join(CACHE, `${item.name.replace(/[^\w.-]+/g, '_')}_${item.tilt ?? 0}.bin`);
  if (file && existsSync(file)) {
    const bin = readFileSync(file), headerLength = bin.readUInt32LE(0);
    const { photo, mask, angle } = JSON.parse(bin.subarray(4, 4 + headerLength).toString());
    if (!photo) return undefined;
    const rgbEnd = 4 + headerLength + photo.width * photo.height * 3;
    return { angle, photo: { ...photo, rgb: bin.subarray(4 + headerLength, rgbEnd) }, mask: { ...mask, alpha: new Uint8Array(bin.subarray(rgbEnd)) } };
  }
  const [p] = await preparePhotos([{ id: item.name, bytes: await item.bytes() }]).catch(() => [undefined]);
  if (file) {
    mkdirSync(CACHE, { recursive: true });
    const { rgb, ...photo } = p?.photo ?? ({} as Partial<Prepared['photo']>), { alpha, ...mask } = p?.mask ?? ({} as Partial<Prepared['mask']>);
    const header = Buffer.from(JSON.stringify(p ? { photo, mask, angle: p.angle } : {}));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length);
    writeFileSync(file, Buffer.concat([length, header, rgb ?? Buffer.alloc(0), alpha ?? Buffer.alloc(0)]));
  }
  return p;
}

// READINGS=1 adds the cues each reading made (uprights, wheel, surroundings: lean and rival), to see why a photo is left.
const cue = (name: string, c?: { degrees: number; rival: number }) => (c ? ` ${name} ${c.degrees.toFixed(2)}/${c.rival.toFixed(2)}` : '');
const readings = (l: Levelled) => {
  const cues = process.env.READINGS ? `${cue('U', l.upright)}${cue('W', l.wheel)}${cue('S', l.surroundings)}` : '';
  return cues && `;${cues}`;
};
const fmt = (l: Levelled) => (l.degrees ? `${l.degrees.toFixed(2)}${readings(l)}` : `0 (${l.skipped}${readings(l)})`);
console.log('| photo | set | turned | its view (classified) | as a side/front/rear | as a corner |');
console.log('|---|---|---|---|---|---|');
let worstLevel = 0, turnedBack = 0, turnedCount = 0;
const only = process.env.ONLY ? new RegExp(process.env.ONLY) : undefined;
for (const item of items) {
  if (only && !only.test(item.name)) continue;
  const p = await prepare(item);
  if (!p) { console.log(`| ${item.name} | ${item.kind} | ${item.tilt ?? 0} | refused | | |`); continue; }
  const square = levelCar(p.photo, p.mask, 'left_side');
  const corner = levelCar(p.photo, p.mask, 'front_left_corner');
  if (item.tilt === undefined) worstLevel = Math.max(worstLevel, Math.abs(square.degrees), Math.abs(corner.degrees));
  else {
    // Brought back by the reading of the view the photo shows (classified): a side's contacts, a corner's uprights.
    const own = ['front', 'rear', 'left_side', 'right_side'].includes(p.angle) ? square : corner;
    turnedCount++;
    if (Math.abs(own.degrees + item.tilt) < 1) turnedBack++;
  }
  console.log(`| ${item.name} | ${item.kind} | ${item.tilt ?? 0} | ${p.angle} | ${fmt(square)} | ${fmt(corner)} |`);
}
console.log(`\nLargest turn of a level photo, either reading: ${worstLevel.toFixed(2)} degrees.`);
console.log(`Turned on purpose, back within a degree by the reading of its own view: ${turnedBack} of ${turnedCount}.`);
