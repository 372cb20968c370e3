/**
 * `npm run bench:render`: the local renderer over ../shared/fixtures/cars (falls back to the committed
 * tests/fixtures/cars). Per image: validate + cut-out + studio composite + encode, warm (after one
 * warm-up render). Peak RSS of the whole run. Then one car package: all 8 angles requested from 3 photos
 * (each photo cut out once; angles no photo shows or mirrors are reported unavailable, not faked).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { LocalRenderer } from '../../functions/src/renderer/local/local-renderer';
import { isnetSession } from '../../functions/src/renderer/local/isnet-session';
import { writeBenchmarkSection } from './report';

const SHARED = resolve(import.meta.dirname, '../../../shared/fixtures/cars');
const DIR = existsSync(SHARED) ? SHARED : resolve(import.meta.dirname, '../fixtures/cars');
const files = readdirSync(DIR).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
const renderer = new LocalRenderer();
const load = loadavg().map((l) => l.toFixed(2)).join(', ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const t0 = performance.now();
await isnetSession();
const sessionMs = performance.now() - t0;
const photo = (f: string) => ({ id: f, bytes: readFileSync(resolve(DIR, f)) });
await renderer.renderPackage({ photos: [photo(files[0]!)], background: 'studio', angles: [] }); // warm-up

const rows: string[] = [];
const times: number[] = [];
for (const f of files) {
  const started = performance.now();
  const result = await renderer.renderPackage({ photos: [photo(f)], background: 'studio' });
  const own = result.images.find((i) => !i.metadata.mirrored);
  // Time for this photo's own angle: one validate + cut-out + one composite.
  const ms = own ? own.metadata.timings.totalMs : performance.now() - started;
  times.push(ms);
  const t = own?.metadata.timings;
  rows.push(`| ${f} | ${own?.metadata.angle ?? '-'} | ${(ms / 1000).toFixed(2)} | ${t ? (t.cutoutMs / 1000).toFixed(2) : '-'} | ${t ? (t.composeMs / 1000).toFixed(2) : '-'} |`);
  console.log(rows.at(-1));
}

const pkgFiles = ['cupra-born-grey-front34-street.jpg', 'bmw-m5-green-front34-lot.jpg', 'classic-yellow-side-road.jpg'].filter((f) => files.includes(f));
const pkgPhotos = (pkgFiles.length === 3 ? pkgFiles : files.slice(0, 3)).map(photo);
const pkg = await renderer.renderPackage({ photos: pkgPhotos, background: 'studio' });
const peakMb = process.resourceUsage().maxRSS / 1024;

const body = `
Measured ${new Date().toISOString().slice(0, 10)} by \`npm run bench:render\` (tests/bench/render.ts): local renderer (ISNet medium on onnxruntime-node, ${process.env.RENDER_THREADS ?? 2} threads, 1024 px model input), ${cpus().length} cores, load average ${load} at the start (other work was running on this machine).

- ISNet session start: ${(sessionMs / 1000).toFixed(2)} s (once per process).
- Median per image, warm: **${(median(times) / 1000).toFixed(2)} s** (target 3 s) over ${files.length} photos from \`${existsSync(SHARED) ? '../shared/fixtures/cars' : 'tests/fixtures/cars'}\`.
- Peak RSS of the whole run: **${peakMb.toFixed(0)} MB** (target 1200 MB).
- Car package, all 8 angles requested from 3 photos (${pkgPhotos.map((p) => p.id).join(', ')}): **${(pkg.totalMs / 1000).toFixed(1)} s** (target 15 s); ${pkg.images.length} images made (${pkg.images.map((i) => `${i.metadata.angle}${i.metadata.mirrored ? ' mirrored' : ''}`).join(', ')}), ${pkg.unavailable.length} reported unavailable (${pkg.unavailable.map((u) => u.angle).join(', ')}); each photo cut out once.

| photo | angle (classified) | total s | cut-out s | composite + encode s |
|---|---|---:|---:|---:|
${rows.join('\n')}
`;
await writeBenchmarkSection('Render', body);
console.log(body);
