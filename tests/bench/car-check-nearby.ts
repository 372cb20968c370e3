/**
 * The detector's weak boxes over the main car (Detection.nearby), which the car check is not given today, for the
 * photos of tests/bench/car-checks.ts: written as JSON (`<dir>/<photo>` -> main box, label, score, nearby boxes) so a
 * rule reading them can be measured on the cached cut-outs before the renderer passes them.
 *
 *   npx tsx tests/bench/car-check-nearby.ts <photo or directory>... --save F
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { iou } from '../../functions/src/vision/boxes';
import { photoPaths } from './photo-paths';

const args = process.argv.slice(2);
const at = args.indexOf('--save');
const save = at >= 0 ? args.splice(at, 2)[1]! : undefined;
const photos = photoPaths(args);
const { LocalVision } = await import('../../functions/src/vision/local/local-vision');
const vision = new LocalVision(() => Promise.reject(new Error('no cut-out needed')));
await vision.warmUp();
const out: Record<string, unknown> = {};
for (const file of photos) {
  const name = `${basename(dirname(file))}/${basename(file)}`;
  const photo = await decodePhoto(readFileSync(file), basename(file)).catch(() => undefined);
  if (!photo) continue;
  const look = await vision.lookClosely(photo, { angle: false }).catch(() => undefined);
  if (!look || !look.sighting.ok) continue;
  const main = look.sighting.main;
  const v = [...look.vehicles].sort((a, b) => iou(b.box, main) - iou(a.box, main))[0];
  out[name] = { main, label: v?.label, score: v?.score, nearby: v?.nearby ?? [] };
  console.log(name, v?.label, v?.score?.toFixed(2), (v?.nearby ?? []).map((b) => [b.left, b.top, b.right, b.bottom].map((x) => x.toFixed(2)).join(',')).join(' | '));
}
if (save) writeFileSync(save, JSON.stringify(out, null, 1));
