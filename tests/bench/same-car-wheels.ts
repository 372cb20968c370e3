/**
 * Wheel design in the same-car comparison (issue 39 item 1), measured and not kept: docs/benchmarks/same-car.md "Same car:
 * wheel design (measured, not kept)". The rims are described by ./same-car-wheel-design.ts on the photos of
 * bench:same-car (the Kadjar's frames when CUTOUT_EVAL_FRAMES or .cache/cutout-eval/rouge-flamme has them); each
 * variant's threshold is the tune half's largest same-car wheel distance, OR'd with the form's rule (paint, shape, look).
 *
 *   npx tsx tests/bench/same-car-wheels.ts --measure   the benchmark's photos through the local car check (about 10 min);
 *                                                       keeps each photo's pixels and cut-out in .cache/same-car-wheels
 *   npx tsx tests/bench/same-car-wheels.ts             the numbers, from what was measured
 *
 *   ... --list                                          each photo's wheels
 *
 * Prints; writes no docs. CPU per photo is printed (fitting and describing the wheels, photo and cut-out in hand).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { likelyDifferentCars, type CarAppearance } from '@shared/same-car';
import { WHEEL_WEIGHTS, wheelDesigns, wheelsDistance, type WheelDesign, type WheelWeights } from './same-car-wheel-design';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import { half, paintRelation, shots, TWINS } from './same-car';

const DIR = resolve(import.meta.dirname, '../../.cache/same-car-wheels');
const INDEX = join(DIR, 'index.json');

export interface Kept {
  car: string;
  family: string;
  name: string;
  file: string;
  width: number;
  height: number;
  angle: string | null;
  appearance: CarAppearance;
}

async function measure() {
  await mkdir(DIR, { recursive: true });
  const vision = new LocalVision(createCutout(cutoutModelFromEnv()).cutOut);
  await vision.warmUp();
  const kept: Kept[] = [];
  let n = 0;
  for (const { bytes, ...shot } of await shots()) {
    const photo = await decodePhoto(bytes);
    const { sighting, mask } = await vision.lookClosely(photo);
    if (!sighting.ok || !sighting.appearance || !mask) {
      console.log('unmeasured', shot.name);
      continue;
    }
    const file = `p${n++}`;
    await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).png().toFile(join(DIR, `${file}.png`));
    await sharp(Buffer.from(mask.alpha), { raw: { width: mask.width, height: mask.height, channels: 1 } }).png().toFile(join(DIR, `${file}-alpha.png`));
    kept.push({ ...shot, file, width: photo.width, height: photo.height, angle: sighting.angle, appearance: sighting.appearance });
    console.log(shot.name, sighting.angle);
  }
  await writeFile(INDEX, JSON.stringify(kept));
}

export async function loadKept(): Promise<Array<Kept & { rgb: Buffer; alpha: Uint8Array }>> {
  const kept: Kept[] = JSON.parse(await readFile(INDEX, 'utf8'));
  return Promise.all(
    kept.map(async (k) => ({
      ...k,
      rgb: (await sharp(join(DIR, `${k.file}.png`)).removeAlpha().raw().toBuffer()),
      alpha: new Uint8Array(await sharp(join(DIR, `${k.file}-alpha.png`)).extractChannel(0).raw().toBuffer()),
    })),
  );
}

const viewOf = (angle: string | null) => (!angle ? 'other' : /corner/.test(angle) ? 'corner' : /side/.test(angle) ? 'side' : 'end');
const pct = (n: number, d: number) => (d ? `${n} of ${d} (${((100 * n) / d).toFixed(1)}%)` : 'no pairs');

async function report() {
  const kept = await loadKept();
  const items: Array<Kept & { wheels: WheelDesign[]; ms: number }> = [];
  for (const k of kept) {
    const t = performance.now();
    const wheels = wheelDesigns({ rgb: k.rgb, width: k.width, height: k.height }, { alpha: k.alpha, width: k.width, height: k.height }, k.angle);
    // --self=S: a photo's wheels count only when its two wheels (one design on one car) are within S of each other.
    const self = process.argv.find((a) => a.startsWith('--self='));
    const consistent = !self || (wheels.length === 2 && wheelsDistance([wheels[0]!], [wheels[1]!])! <= Number(self.split('=')[1]));
    items.push({ ...k, wheels: consistent ? wheels : [], ms: performance.now() - t });
  }
  // One car's two wheels in one photo share a design: how far apart the description puts them.
  const own = items.flatMap((i) => (i.wheels.length === 2 ? [wheelsDistance([i.wheels[0]!], [i.wheels[1]!])!] : [])).sort((a, b) => a - b);
  if (own.length) console.log(`a photo's own two wheels (${own.length} photos): distance median ${own[own.length >> 1]!.toFixed(3)}, quartiles ${own[own.length >> 2]!.toFixed(3)} to ${own[Math.floor((3 * own.length) / 4)]!.toFixed(3)}`);
  const ms = items.map((i) => i.ms).sort((a, b) => a - b);
  console.log(`time per photo: median ${ms[ms.length >> 1]!.toFixed(0)} ms, largest ${ms.at(-1)!.toFixed(0)} ms`);
  const byView = new Map<string, [number, number]>();
  for (const i of items) {
    const v = viewOf(i.angle);
    const c = byView.get(v) ?? [0, 0];
    c[0] += i.wheels.length > 0 ? 1 : 0;
    c[1]++;
    byView.set(v, c);
  }
  console.log('photos with a wheel clearly seen:', [...byView].map(([v, [n, d]]) => `${v} ${pct(n, d)}`).join('; '));
  if (process.argv.includes('--list')) for (const i of items) console.log(i.name, i.angle, JSON.stringify(i.wheels.map((w) => ({ ...w, spokes: w.spokes.map((x) => Math.round(x * 100)) }))));
  const variants: Array<[string, WheelWeights]> = [
    ['spectrum, dark share and rim ratio', WHEEL_WEIGHTS],
    ['all harmonics', { ...WHEEL_WEIGHTS, from: 1 }],
    ['spectrum only', { from: 3, spectrum: 1, dark: 0, rim: 0 }],
    ['dark and rim only', { from: 3, spectrum: 0, dark: 1, rim: 2 }],
    ['rim only', { from: 3, spectrum: 0, dark: 0, rim: 1 }],
    ['dark only', { from: 3, spectrum: 0, dark: 1, rim: 0 }],
  ];
  // Spokes clearly seen: harmonics 3..12 as shares of their sum, the largest at least `peak`.
  const shares = (w: WheelDesign) => {
    const kept = w.spokes.slice(2);
    const sum = kept.reduce((x, y) => x + y, 0) || 1;
    return kept.map((v) => v / sum);
  };
  const dominant = (w: WheelDesign) => {
    const sh = shares(w);
    const top = Math.max(...sh);
    return { k: sh.indexOf(top) + 3, top };
  };
  for (const peak of [0.18, 0.22, 0.26, 0.3]) {
    const clear = items.map((i) => i.wheels.filter((w) => dominant(w).top >= peak));
    const seen = items.filter((_, n) => clear[n]!.length > 0);
    let sameN = 0, sameDiffer = 0, colN = 0, colDiffer = 0, colNew = 0;
    const sameBad: string[] = [];
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) {
        const a = items[i]!, b = items[j]!;
        if (!clear[i]!.length || !clear[j]!.length) continue;
        const ka = new Set(clear[i]!.map((w) => dominant(w).k)), kb = clear[j]!.map((w) => dominant(w).k);
        const differ = !kb.some((k) => ka.has(k));
        const kind = a.car === b.car ? 'same car' : TWINS.has(`${a.car}/${b.car}`) ? 'twins' : paintRelation(a.family, b.family);
        if (kind === 'same car') (sameN++, differ && (sameDiffer++, sameBad.push(`${a.name} ${[...ka]} / ${b.name} ${kb}`)));
        if (kind === 'same colour') (colN++, differ && (colDiffer++, !likelyDifferentCars(a.appearance, b.appearance) && colNew++));
      }
    console.log(`spokes peak >= ${peak}: photos ${seen.length} of ${items.length} (${seen.map((i) => i.name.slice(0, 18) + ':' + clear[items.indexOf(i)]!.map((w) => dominant(w).k)).join(', ')})`);
    console.log(`  same car pairs compared ${sameN}, dominant spokes differ ${sameDiffer} ${sameBad.slice(0, 6).join('; ')}; same colour compared ${colN}, differ ${colDiffer}, newly flagged ${colNew}`);
  }
  for (const [label, weights] of variants) {
  console.log(`\n== ${label} ${JSON.stringify(weights)}`);
  type P = { a: (typeof items)[0]; b: (typeof items)[0]; kind: string; half: string; views: string; wheel: number | null; before: boolean };
  const pairs: P[] = [];
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i]!, b = items[j]!;
      const kind = a.car === b.car ? 'same car' : TWINS.has(`${a.car}/${b.car}`) ? 'twins' : paintRelation(a.family, b.family);
      const ha = half(a.car), hb = half(b.car);
      pairs.push({ a, b, kind, half: ha === hb ? ha : 'across', views: [viewOf(a.angle), viewOf(b.angle)].sort().join(' / '), wheel: wheelsDistance(a.wheels, b.wheels, weights), before: likelyDifferentCars(a.appearance, b.appearance) });
    }
  const compared = (ps: P[]) => ps.filter((p) => p.wheel !== null);
  const same = pairs.filter((p) => p.kind === 'same car');
  const sameTune = compared(same.filter((p) => p.half === 'tune')).map((p) => p.wheel!).sort((a, b) => a - b);
  const sameHeld = compared(same.filter((p) => p.half === 'held out')).map((p) => p.wheel!).sort((a, b) => a - b);
  const q = (v: number[], f: number) => (v.length ? v[Math.min(v.length - 1, Math.floor(f * v.length))]!.toFixed(3) : '-');
  console.log(`same car, wheels compared: tune ${sameTune.length} of ${same.filter((p) => p.half === 'tune').length}, median ${q(sameTune, 0.5)}, 95% ${q(sameTune, 0.95)}, largest ${q(sameTune, 1)}; held out ${sameHeld.length} of ${same.filter((p) => p.half === 'held out').length}, median ${q(sameHeld, 0.5)}, 95% ${q(sameHeld, 0.95)}, largest ${q(sameHeld, 1)}`);
  const diff = pairs.filter((p) => p.kind !== 'same car' && p.kind !== 'twins');
  const sameColour = diff.filter((p) => p.kind === 'same colour');
  const dc = compared(sameColour).map((p) => p.wheel!).sort((a, b) => a - b);
  const dmodels = compared(diff.filter((p) => p.a.car.startsWith('corolla-') !== true || !p.b.car.startsWith('corolla-'))).map((p) => p.wheel!).sort((a, b) => a - b);
  console.log(`different cars same colour, wheels compared ${dc.length} of ${sameColour.length}: 5% ${q(dc, 0.05)}, median ${q(dc, 0.5)}; different models any paint: ${dmodels.length}, 5% ${q(dmodels, 0.05)} median ${q(dmodels, 0.5)}`);
  const thresholds = process.argv.find((a) => a.startsWith('--threshold='));
  const chosen = thresholds ? Number(thresholds.split('=')[1]) : Math.ceil((sameTune.at(-1) ?? 0) * 100) / 100;
  console.log(`threshold (tune half's largest same-car distance, rounded up): ${chosen}`);
  const flag = (p: P) => p.before || (p.wheel !== null && p.wheel > chosen);
  const by = (ps: P[]) => `${pct(ps.filter((p) => p.before).length, ps.length)} -> ${pct(ps.filter(flag).length, ps.length)}`;
  console.log(`same car flagged: ${by(same)}; tune ${by(same.filter((p) => p.half === 'tune'))}; held out ${by(same.filter((p) => p.half === 'held out'))}`);
  console.log(`same-colour different cars flagged: ${by(sameColour)}; of pairs whose wheels are compared ${by(compared(sameColour))}`);
  const open = compared(sameColour).filter((p) => !p.before).length;
  console.log(`  at most, with every compared pair flagged: ${pct(sameColour.filter((p) => p.before).length + open, sameColour.length)} (${open} compared pairs not flagged before)`);
  console.log(`all different cars flagged: ${by(diff)}`);
  const views = [...new Set(sameColour.map((p) => p.views))].sort();
  for (const v of views) {
    const sc = sameColour.filter((p) => p.views === v), sm = same.filter((p) => p.views === v);
    console.log(`  ${v}: same colour ${by(sc)}, wheels compared ${compared(sc).length}; same car ${by(sm)}, compared ${compared(sm).length}`);
  }
  const falseFlags = same.filter((p) => flag(p) && !p.before);
  if (falseFlags.length) console.log(`  same car flagged by the wheels: ${falseFlags.map((p) => `${p.a.name} / ${p.b.name}`).join('; ')}`);
  const worst = same.filter((p) => p.wheel !== null).sort((x, y) => y.wheel! - x.wheel!).slice(0, 8);
  for (const p of worst) console.log(`  same car ${p.wheel!.toFixed(3)}: ${p.a.name} / ${p.b.name}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename))
  void (process.argv.includes('--measure') ? measure() : report()).then(
    () => process.exit(0),
    (e) => (console.error(e), process.exit(1)),
  );
