/**
 * Scratch for the other-car step: saves what removeOtherCars is given for every car photo of the fixtures
 * (tests/fixtures/cars, tests/fixtures/vision, ../shared/fixtures/cars), so the step's output can be compared before and
 * after a change (tests/bench/other-cars-ab.ts). Writes .cache/cutout-eval/other-cars/fixtures.bin.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serialize } from 'node:v8';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { cutout } from '../../functions/src/renderer/local/local-renderer';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { checkCars } from '../../functions/src/vision/car-check';
import { LocalVision } from '../../functions/src/vision/local/local-vision';

const root = resolve(import.meta.dirname, '../..');
const dirs = [resolve(root, 'tests/fixtures/cars'), resolve(root, 'tests/fixtures/vision'), resolve(root, '../shared/fixtures/cars')];
let raw: CleanMask | undefined;
const vision = new LocalVision(async (photo) => (raw = await cutout.cutOut(photo)));
await vision.warmUp();
const out: unknown[] = [];
for (const dir of dirs.filter(existsSync))
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.jpg') && !f.startsWith('noncar'))) {
    raw = undefined;
    const photo = await decodePhoto(readFileSync(resolve(dir, f)));
    const look = await vision.lookClosely(photo);
    const check = checkCars(look.vehicles);
    if (!look.sighting.ok || !check.ok || !raw) { console.log(f, 'refused'); continue; }
    out.push({ name: `${dir.split('/').slice(-2).join('/')}/${f}`, photo: { rgb: new Uint8Array(photo.rgb), width: photo.width, height: photo.height }, raw, main: check.main.box, others: check.others.map((o) => o.box), nearby: check.main.nearby, final: look.mask?.alpha });
    console.log(f, 'ok', check.others.length, 'others', check.main.nearby?.length ?? 0, 'nearby');
  }
mkdirSync(resolve(root, '.cache/cutout-eval/other-cars'), { recursive: true });
writeFileSync(resolve(root, '.cache/cutout-eval/other-cars/fixtures.bin'), serialize(out));
