/**
 * The car's light in each outdoor style (issue 38 items 4 and 5): `npx tsx tests/bench/car-light.ts [--out DIR]
 * photo.jpg ...` (SCENES_DIR set) renders each photo in the studio and in every offered outdoor scene and prints, over
 * the car's own pixels (the compositor's alpha), its mean red over blue and luma against the studio's, and how much
 * warmer (red minus blue, levels, over the studio's) and how much darker (luma, as a share of the studio's ratio) its
 * third toward the scene's sun is than its far third, the mean b* (CIELAB yellow-blue) of the car's pixels over the
 * studio's, the fidelity score, and a short hash of the composed image (an unchanged render keeps it). Prints only;
 * `--out` keeps the renders to look at; `--styles sunset,urban` renders only those styles. The photos are the caller's
 * (docs/benchmarks.md names the ones measured; never committed).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { preparePhotos, renderPrepared } from '../../functions/src/renderer/local/local-renderer';
import { SCENES, sceneChoice } from '../../functions/src/renderer/scenes/scene-manifest';
import { loadPanorama, scenesDir } from '../../functions/src/renderer/scenes/scene-library';
import { signedDegrees } from '../../functions/src/renderer/scenes/scene-view';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args.splice(outAt, 2)[1] : undefined;
if (out) mkdirSync(out, { recursive: true });
const stylesAt = args.indexOf('--styles');
const styles = stylesAt >= 0 ? args.splice(stylesAt, 2)[1]!.split(',') : undefined;
const dir = scenesDir();
if (!dir || args.length === 0) throw new Error('usage: SCENES_DIR=... npx tsx tests/bench/car-light.ts [--out DIR] photo.jpg ...');

interface Third {
  warmth: number;
  luma: number;
}
interface CarLight {
  rb: number;
  luma: number;
  left: Third;
  right: Third;
  /** Mean CIELAB b* (yellow +, blue -). */
  b: number;
}

const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const linear = (v: number) => (v <= 10.31 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4);
const labF = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
/** CIELAB b* of an sRGB pixel (D65). */
function labB(R: number, G: number, B: number): number {
  const r = linear(R), g = linear(G), b = linear(B);
  return 200 * (labF(0.2126 * r + 0.7152 * g + 0.0722 * b) - labF((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883));
}

/** Over the car's pixels (alpha over 200): mean red over blue and luma, and red minus blue and luma in its end thirds. */
function carLight(rgb: Buffer, alpha: Uint8Array, W: number): CarLight {
  let minX = W, maxX = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! > 200) (minX = Math.min(minX, i % W)), (maxX = Math.max(maxX, i % W));
  const third = (maxX - minX) / 3;
  const sums = [0, 1, 2].map(() => [0, 0, 0, 0]);
  let b = 0;
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i]! <= 200) continue;
    b += labB(rgb[3 * i]!, rgb[3 * i + 1]!, rgb[3 * i + 2]!);
    const x = i % W;
    const end = x < minX + third ? 0 : x > maxX - third ? 1 : -1;
    for (const s of end >= 0 ? [sums[end]!, sums[2]!] : [sums[2]!]) {
      for (let c = 0; c < 3; c++) s[c]! += rgb[3 * i + c]!;
      s[3]!++;
    }
  }
  const [left, right, all] = sums.map(([r, g, b, n]) => [r! / n!, g! / n!, b! / n!]) as [number[], number[], number[]];
  const third3 = (m: number[]): Third => ({ warmth: m[0]! - m[2]!, luma: luma(m[0]!, m[1]!, m[2]!) });
  return { rb: all[0]! / all[2]!, luma: luma(all[0]!, all[1]!, all[2]!), left: third3(left), right: third3(right), b: b / sums[2]![3]! };
}

const outdoor = SCENES.filter((s) => s.offered && (!styles || styles.includes(s.style)));
const hash = (rgb: Buffer) => createHash('sha256').update(rgb).digest('hex').slice(0, 8);
const f = (v: number, d = 1) => v.toFixed(d);
console.log('photo | scene | sun (deg, + right) | fidelity (studio) | R/B over studio | b* over studio | luma (studio) | warmth sun third - far third, over studio | far/sun luma over studio | image hash (studio)');
for (const file of args) {
  const name = basename(file).replace(/\.[a-z]+$/i, '');
  const [photo] = await preparePhotos([{ id: name, bytes: readFileSync(file) }]);
  const studio = await renderPrepared([photo!], photo!.angle, 'studio');
  const base = carLight(studio.composed.rgb, studio.composed.carAlpha, studio.composed.width);
  for (const scene of outdoor) {
    const image = await renderPrepared([photo!], photo!.angle, scene.style, undefined, sceneChoice(scene));
    if (out) writeFileSync(`${out}/${name}-${scene.id}.jpg`, image.full);
    const lit = carLight(image.composed.rgb, image.composed.carAlpha, image.composed.width);
    const sun = signedDegrees((await loadPanorama(dir, scene)).light.yaw - image.metadata.scene!.yaw);
    // The thirds toward the sun and away from it, each over the studio's same third.
    const [near, far] = sun >= 0 ? (['right', 'left'] as const) : (['left', 'right'] as const);
    const warmer = lit[near].warmth - base[near].warmth - (lit[far].warmth - base[far].warmth);
    const darker = lit[far].luma / lit[near].luma / (base[far].luma / base[near].luma);
    const hashes = `${hash(image.composed.rgb)} (${hash(studio.composed.rgb)})`;
    console.log([name, scene.id, Math.round(sun), `${f(image.metadata.fidelity!, 3)} (${f(studio.metadata.fidelity!, 3)})`, f(lit.rb / base.rb, 3), f(lit.b - base.b), `${f(lit.luma)} (${f(base.luma)})`, f(warmer), f(darker, 3), hashes].join(' | '));
  }
}
process.exit(0);
