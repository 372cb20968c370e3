/**
 * Scratch for the other-car step on real photos: `npx tsx tests/bench/other-cars-photos.ts <out.bin> <photos…>` saves,
 * for each photo where the detector sees another car (a box or a weak box) overlapping the main car's box, what
 * removeOtherCars is given (the decoded photo, the cut-out after mirror recovery, the main box, other boxes, weak
 * boxes), so the step can be replayed on them before and after a change (tests/bench/other-cars-replay.ts). Local only.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { serialize } from 'node:v8';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { cutout } from '../../functions/src/renderer/local/local-renderer';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { checkCars } from '../../functions/src/vision/car-check';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { iou } from '../../functions/src/vision/boxes';

const [outFile, ...files] = process.argv.slice(2);
let raw: CleanMask | undefined;
const vision = new LocalVision(async (photo) => (raw = await cutout.cutOut(photo)));
await vision.warmUp();
const out: unknown[] = [];
const LIMIT = Number(process.env.LIMIT ?? 1e9);
for (const file of files) {
  if (out.length >= LIMIT) break;
  raw = undefined;
  let photo;
  try { photo = await decodePhoto(readFileSync(file), basename(file)); } catch { continue; }
  const { vehicles } = await vision.lookClosely(photo, { angle: false });
  const check = checkCars(vehicles);
  if (!check.ok) { console.log(basename(file), 'refused'); continue; }
  const m = check.main.box;
  const touches = (b: { left: number; top: number; right: number; bottom: number }) => b.left < m.right && b.right > m.left && b.top < m.bottom && b.bottom > m.top && iou(b, m) < 0.9;
  const near = check.others.some((o) => touches(o.box)) || (check.main.nearby ?? []).some(touches);
  if (!near) { console.log(basename(file), 'alone'); continue; }
  await vision.lookClosely(photo);
  out.push({ name: basename(file), photo: { rgb: new Uint8Array(photo.rgb), width: photo.width, height: photo.height }, raw, main: m, others: check.others.map((o) => o.box), nearby: check.main.nearby ?? [] });
  console.log(basename(file), 'saved', check.others.length, (check.main.nearby ?? []).length);
}
writeFileSync(outFile!, serialize(out));
