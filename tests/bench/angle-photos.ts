/**
 * `npx tsx tests/bench/angle-photos.ts <folder> <labels.json> [--split tune|held-out] [--all] [--json <file>]`: the local angle
 * classifier on a folder of real photos labelled by hand, as a four-way confusion (front / rear / corner / side) and
 * each wrong photo's features. Nothing of the set is committed: the photos and the labels stay outside the repo.
 *
 * labels.json: { "<file>": { "view": "front" | "rear" | "corner" | "side", "split": "tune" | "held-out", "note"?: "..." } }
 * (a plain string is the view, in the held-out split). Only labelled files are read; --all reads every photo of the
 * folder (to fill the cache while labelling) and prints what each got; --json writes every labelled photo's features and
 * answer (for studying the errors).
 *
 * Every photo goes through the product's path (detector, car check, configured cut-out, classifier); the networks'
 * answers are cached on disk by the photo's content (.cache/angle-photos), so a rerun measures a changed classifier in
 * seconds.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { Angle } from '@shared/angles';
import { createCutout, cutoutModelFromEnv } from '../../functions/src/renderer/cutout/create-cutout';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { CenterNetDetector } from '../../functions/src/vision/local/centernet-detector';
import { LocalVision } from '../../functions/src/vision/local/local-vision';
import type { AngleFeatures } from '../../functions/src/vision/angle-features';
import { cachedCutOut, cachedDetector } from './vision-cache';

const ROOT = resolve(import.meta.dirname, '../..');
const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const [folder, labelsFile] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !['--split', '--json'].includes(all[i - 1]!));
if (!folder || !labelsFile) throw new Error('usage: angle-photos.ts <folder> <labels.json> [--split tune|held-out] [--all] [--json <file>]');
const ONLY = option('--split');
const JSON_OUT = option('--json');
const ALL = process.argv.includes('--all');

const GROUPS = ['front', 'rear', 'corner', 'side'] as const;
type Group = (typeof GROUPS)[number];
const GROUP: Record<Angle, Group> = { front: 'front', rear: 'rear', left_side: 'side', right_side: 'side', front_left_corner: 'corner', front_right_corner: 'corner', rear_left_corner: 'corner', rear_right_corner: 'corner' };
interface Label {
  view: Group;
  split: 'tune' | 'held-out';
  note?: string;
}

const CUTOUT_MODEL = cutoutModelFromEnv();
const CACHE = resolve(ROOT, '.cache/angle-photos', CUTOUT_MODEL);
const vision = new LocalVision(cachedCutOut(createCutout(CUTOUT_MODEL), CACHE), cachedDetector(new CenterNetDetector(), CACHE));

const round = (v: number) => Math.round(v * 1000) / 1000;
const brief = (f: AngleFeatures) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, Array.isArray(v) ? v.map(round) : round(v as number)]));

async function main() {
  const raw = JSON.parse(await readFile(labelsFile!, 'utf8')) as Record<string, Label | Group>;
  const labels = Object.fromEntries(Object.entries(raw).map(([f, l]) => [f, typeof l === 'string' ? { view: l, split: 'held-out' as const } : l]));
  const files = readdirSync(folder!).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort().filter((f) => ALL || (labels[f] && (!ONLY || labels[f].split === ONLY)));
  await vision.warmUp();
  const cpu0 = process.cpuUsage();
  const splits = new Map<string, Map<Group, Map<Group | 'refused', number>>>();
  const wrong: string[] = [];
  const cases: Array<{ file: string; label: Label; got: Angle | 'refused'; confidence: number; features?: AngleFeatures }> = [];
  for (const f of files) {
    const photo = await decodePhoto(await readFile(join(folder!, f)), f);
    const s = await vision.lookClosely(photo);
    const angle = s.sighting.ok ? s.sighting.angle! : 'refused';
    const confidence = s.sighting.ok ? s.sighting.confidence : 0;
    const got = angle === 'refused' ? angle : GROUP[angle];
    const label = labels[f];
    if (!label) {
      console.log(`${f}: ${angle} ${confidence}`);
      continue;
    }
    cases.push({ file: f, label, got: angle, confidence, features: s.features });
    const table = splits.get(label.split) ?? new Map();
    splits.set(label.split, table);
    const row = table.get(label.view) ?? new Map();
    table.set(label.view, row);
    row.set(got, (row.get(got) ?? 0) + 1);
    if (got !== label.view)
      wrong.push(`${f} (${label.split}${label.note ? `, ${label.note}` : ''}): ${label.view} → ${angle} ${confidence}\n  ${s.features ? JSON.stringify(brief(s.features)) : ''}`);
  }
  const cpuMs = (process.cpuUsage(cpu0).user + process.cpuUsage(cpu0).system) / 1000;
  console.log(`${files.length} photos of ${folder}, ${CUTOUT_MODEL} cut-out; load ${loadavg()[0]!.toFixed(1)} (${cpus().length} cores), CPU ${(cpuMs / 1000).toFixed(0)} s`);
  for (const [split, table] of [...splits].sort()) {
    let right = 0, all = 0;
    const lines = [`\n${split}: true \\ got | ${[...GROUPS, 'refused'].join(' | ')}`];
    for (const g of GROUPS) {
      const row = table.get(g);
      if (!row) continue;
      lines.push(`${g} | ${[...GROUPS, 'refused'].map((c) => row.get(c as Group) ?? 0).join(' | ')}`);
      right += row.get(g) ?? 0;
      all += [...row.values()].reduce((a, b) => a + b, 0);
    }
    console.log(lines.join('\n'));
    console.log(`${split}: ${right}/${all} right (${((100 * right) / Math.max(1, all)).toFixed(1)}%)`);
  }
  console.log(`\nWrong:\n${wrong.join('\n') || 'none'}`);
  if (JSON_OUT) await writeFile(JSON_OUT, JSON.stringify(cases, null, 1));
}

if (!existsSync(folder)) throw new Error(`angle-photos: no folder ${folder}`);
await main();
process.exit(0);
