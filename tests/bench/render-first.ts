/**
 * `npx tsx tests/bench/render-first.ts`: the first studio image of every photo of ../shared/fixtures/cars (or
 * tests/fixtures/cars), warm (after one warm-up render, the cut-outs forgotten), as bench:render times it, in one
 * short run meant for A/B pairs in the same minutes (e.g. an environment setting against the default, or two worktrees, alternated).
 * Prints one JSON line: the medians of the wall time (timings.totalMs), of the process's CPU (every thread) and of the
 * main thread's CPU alone (Linux /proc: the work no other thread takes over), and a hash of all the images' bytes
 * (JPEG and WebP), which two versions that should not change the output must share.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const SHARED_SCENES = resolve(import.meta.dirname, '../../../shared/scenes');
if (!process.env.SCENES_DIR && existsSync(SHARED_SCENES)) process.env.SCENES_DIR = SHARED_SCENES;
const { LocalRenderer, forgetCutOuts } = await import('../../functions/src/renderer/local/local-renderer');

const SHARED = resolve(import.meta.dirname, '../../../shared/fixtures/cars');
const DIR = existsSync(SHARED) ? SHARED : resolve(import.meta.dirname, '../fixtures/cars');
const files = readdirSync(DIR).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
const renderer = new LocalRenderer();
const photo = (f: string) => ({ id: f, bytes: readFileSync(resolve(DIR, f)) });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const processCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** The main thread's CPU ms (utime + stime of /proc/self/task/<pid>/stat, in USER_HZ = 100 a second). */
const mainCpu = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

await renderer.renderPackage({ photos: [photo(files[0]!)], background: 'studio' });
forgetCutOuts();
const wall: number[] = [], cpu: number[] = [], main: number[] = [];
const hash = createHash('sha256');
for (const f of files) {
  const [c, m] = [processCpu(), mainCpu()];
  const result = await renderer.renderPackage({ photos: [photo(f)], background: 'studio' });
  const own = result.images.find((i) => !i.metadata.mirrored);
  cpu.push(processCpu() - c);
  main.push(mainCpu() - m);
  if (!own) continue;
  wall.push(own.metadata.timings.totalMs);
  hash.update(own.full).update(own.web);
}
console.log(JSON.stringify({ tag: process.env.TAG ?? '', photos: files.length, wallMs: Math.round(median(wall)), cpuMs: Math.round(median(cpu)), mainThreadCpuMs: Math.round(median(main)), images: hash.digest('hex').slice(0, 16) }));
