/**
 * Scratch for the other-car step (functions/src/vision/local/other-cars.ts): saves, per truth-bench composite, what
 * removeOtherCars is given (the decoded photo, the cleaned cut-out, the detector's main box, other boxes and weak boxes)
 * and the truth, so the step can be scored again in seconds (tests/bench/other-cars-score.ts) without the networks.
 * Local only (the Kadjar frames: CUTOUT_EVAL_FRAMES); writes .cache/cutout-eval/other-cars/<set>.bin.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { serialize } from 'node:v8';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { cutout } from '../../functions/src/renderer/local/local-renderer';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { checkCars } from '../../functions/src/vision/car-check';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { compose, placedBox, plan } from './cutout-truth-composites';
import { FRAME_PARTS } from './cutout-truth-parts';

const FRAMES = process.env.CUTOUT_EVAL_FRAMES!;
const frames = readdirSync(FRAMES).filter((f) => f.endsWith('.png')).sort();
const offset = Number(process.argv[2] ?? 0);
let raw: CleanMask | undefined;
const vision = new LocalVision(async (photo) => (raw = await cutout.cutOut(photo)));
await vision.warmUp();
const out: unknown[] = [];
for (const { file, setup, style } of plan(frames, 6, offset)) {
  raw = undefined;
  const c = await compose(FRAMES, frames, file, setup, style);
  const photo = await decodePhoto(c.jpeg);
  const look = await vision.lookClosely(photo);
  const check = checkCars(look.vehicles);
  const labels = FRAME_PARTS[file];
  const parts = {
    mirrors: (labels?.mirrors ?? []).flatMap((m) => placedBox(m.box, c.main, c.left, c.top) ?? []),
    wheels: (labels?.wheels ?? []).flatMap((w) => placedBox(w, c.main, c.left, c.top) ?? []),
  };
  const name = `${file} ${setup} ${style}`;
  const ok = look.sighting.ok && check.ok && raw;
  out.push({
    name,
    ok,
    angle: look.sighting.ok ? look.sighting.angle : undefined,
    photo: { rgb: new Uint8Array(photo.rgb), width: photo.width, height: photo.height },
    raw,
    main: check.ok ? check.main.box : undefined,
    others: check.ok ? check.others.map((o) => o.box) : [],
    nearby: check.ok ? check.main.nearby : [],
    final: look.mask?.alpha,
    truth: c.truth,
    otherOnly: c.otherOnly,
    parts,
  });
  console.log(name, ok ? 'ok' : 'refused');
}
const dir = resolve(import.meta.dirname, '../../.cache/cutout-eval/other-cars');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, `set${offset}.bin`), serialize(out));
