/**
 * `npx tsx tests/bench/cutout-stages.ts <photos…> [--out dir]`: which step of the cut-out takes or gives back the
 * car's pixels, for photos where a part of the car is lost (a tyre, a roof, a mirror). Per photo, the solid pixels
 * (alpha 128 and up) of u2netp's soft mask, and how many each step then drops or adds: the clean-up
 * (mask-cleanup.ts), the ground band (ground-band.ts), the found-back mirrors (mirror-recovery.ts), and in the vision
 * after it the other cars' and the roof pieces' cuts (other-cars.ts, roof-pieces.ts: the detector's boxes). With
 * `--out`, each stage's mask is written as `<name>.<stage>.png` beside `<name>.photo.png`, to look at.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { cutGroundBand } from '../../functions/src/renderer/cutout/ground-band';
import { cleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';
import { recoverMirrors } from '../../functions/src/renderer/cutout/mirror-recovery';
import { recoverSill } from '../../functions/src/renderer/cutout/sill-recovery';
import { U2netpCutout } from '../../functions/src/renderer/cutout/u2netp-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { checkCars } from '../../functions/src/vision/car-check';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { removeOtherCars } from '../../functions/src/vision/local/other-cars';
import { removeRoofPieces } from '../../functions/src/vision/local/roof-pieces';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { out: { type: 'string' } } });
if (!positionals.length) throw new Error('usage: tsx tests/bench/cutout-stages.ts <photos…> [--out dir]');
if (values.out) mkdirSync(values.out, { recursive: true });

const cutout = new U2netpCutout();
const vision = new LocalVision((photo) => cutout.cutOut(photo));
/** Pixels solid in `a` and not in `b`. */
const lost = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, i) => n + (v >= 128 && b[i]! < 128 ? 1 : 0), 0);
const solid = (a: Uint8Array) => a.reduce((n, v) => n + (v >= 128 ? 1 : 0), 0);

console.log('photo\tsoft\tclean-up -\tground band -\tmirrors +\tother cars -\troof pieces -');
for (const file of positionals) {
  const photo = await decodePhoto(readFileSync(file), basename(file));
  const { width: w, height: h } = photo;
  // The same steps as U2netpCutout.cutOut, one at a time (the crop pass folded into the soft mask).
  const soft = await cutout.softMask(photo);
  const clean = cleanMask(soft, w, h);
  const band = cutGroundBand(recoverSill(clean, soft, photo), photo);
  const mirrors = recoverMirrors(band, soft, photo);
  const stages: [string, Uint8Array][] = [['soft', soft], ['clean', clean.alpha], ['band', band.alpha], ['mirrors', mirrors.alpha]];
  const { vehicles } = await vision.lookClosely(photo, { angle: false });
  const check = checkCars(vehicles);
  let others = '-', roof = '-';
  if (check.ok) {
    const split = removeOtherCars(mirrors, check.main.box, check.others.map((o) => o.box), { photo, nearby: check.main.nearby });
    const final = removeRoofPieces(split, check.main.box, photo);
    (others = String(lost(mirrors.alpha, split.alpha))), (roof = String(lost(split.alpha, final.alpha)));
    stages.push(['final', final.alpha]);
  }
  const name = basename(file).replace(/\.\w+$/, '');
  console.log([name, solid(soft), lost(soft, clean.alpha), lost(clean.alpha, band.alpha), lost(mirrors.alpha, band.alpha), others, roof].join('\t'));
  if (!values.out) continue;
  for (const [stage, alpha] of stages) await sharp(alpha, { raw: { width: w, height: h, channels: 1 } }).png().toFile(join(values.out, `${name}.${stage}.png`));
  writeFileSync(join(values.out, `${name}.photo.png`), await sharp(photo.rgb, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer());
}
