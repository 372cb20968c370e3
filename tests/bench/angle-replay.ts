/**
 * `npx tsx tests/bench/angle-replay.ts <cases.json>...`: the classifier of this worktree run again on the features that
 * angle-photos.ts (or angle-turntable.ts) saved with --json, so a rule change is measured in a second without the
 * networks. Prints, per file, the four-way right count, the front/rear swaps (a labelled front named a rear end or the
 * reverse) and how many of them are said with a confidence the form shows as sure, and every answer that changed.
 */
import { readFileSync } from 'node:fs';
import type { Angle } from '@shared/angles';
import { classifyAngle } from '../../functions/src/vision/angle-classifier';
import type { AngleFeatures } from '../../functions/src/vision/angle-features';
import { LOW_CONFIDENCE } from '../../functions/src/vision/port';

interface Case {
  file?: string;
  label?: { view: string };
  got: Angle | 'refused';
  confidence: number;
  features?: AngleFeatures;
}
const GROUP = (a: string) => (a === 'refused' ? a : a.includes('corner') ? 'corner' : a.includes('side') ? 'side' : a);
const END = (a: string) => (a.startsWith('front') ? 'front' : a.startsWith('rear') ? 'rear' : null);
const swapped = (view: string, a: string) => (view === 'front' || view === 'rear') && END(a) !== null && END(a) !== view;

for (const file of process.argv.slice(2)) {
  const cases = JSON.parse(readFileSync(file, 'utf8')) as Case[];
  const count = { before: { right: 0, swaps: 0, sure: 0 }, after: { right: 0, swaps: 0, sure: 0 } };
  const changed: string[] = [];
  const table = { before: new Map<string, number>(), after: new Map<string, number>() };
  for (const c of cases) {
    if (!c.label) continue;
    const view = c.label.view;
    const after = c.features && c.got !== 'refused' ? classifyAngle(c.features) : { angle: c.got, confidence: c.confidence };
    for (const [k, a] of [['before', { angle: c.got, confidence: c.confidence }], ['after', after]] as const) {
      if (GROUP(a.angle) === view) count[k].right++;
      const cell = `${view} ${GROUP(a.angle)}`;
      table[k].set(cell, (table[k].get(cell) ?? 0) + 1);
      if (swapped(view, a.angle)) {
        count[k].swaps++;
        if (a.confidence >= LOW_CONFIDENCE) count[k].sure++;
      }
    }
    if (after.angle !== c.got || after.confidence !== c.confidence)
      changed.push(`  ${c.file}: ${view}: ${c.got} ${c.confidence} -> ${after.angle} ${after.confidence}`);
  }
  console.log(`${file}: right ${count.before.right} -> ${count.after.right}; swaps ${count.before.swaps} (sure ${count.before.sure}) -> ${count.after.swaps} (sure ${count.after.sure})`);
  for (const k of ['before', 'after'] as const)
    for (const view of ['front', 'rear', 'corner'])
      console.log(`  ${k} ${view}: ${['front', 'rear', 'corner', 'side', 'refused'].map((g) => table[k].get(`${view} ${g}`) ?? 0).join(' / ')}`);
  console.log(changed.join('\n'));
}
