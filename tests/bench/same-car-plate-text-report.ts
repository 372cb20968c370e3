/** The tables of tests/bench/same-car-plate-text.ts: how well plates read on the lot photos whose names are their plates. */
import { createHash } from 'node:crypto';
import { editDistance, plateDistance as edits } from '@shared/same-car';
import { MIN_PLATE_CHARS, plateChars, plateFromReading } from '../../functions/src/vision/plate-text/plate-text';
import type { PlateTextMeasure, Read } from './same-car-plate-text';


export const halfOf = (name: string) => (parseInt(createHash('sha1').update(name).digest('hex')[0]!, 16) < 8 ? 'tune' : 'held');
const truthOf = (name: string) => (name.startsWith('br-') ? name.slice(3).replace(/\.[a-z]+$/, '') : null);
const pct = (n: number, d: number) => `${n} of ${d} (${d ? ((100 * n) / d).toFixed(1) : '-'}%)`;
const median = (v: number[]) => (v.length ? [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]! : NaN);
const minConf = (r: Read) => (r.confidences.length ? Math.min(...r.confidences) : 0);

export function report(all: PlateTextMeasure[]): void {
  const br = all.filter((m) => truthOf(m.name));
  console.log(`${all.length} photos with a car; ${br.length} br (named after their plate); with a plate box: ${br.filter((m) => m.boxes > 0).length}`);
  for (const half of ['tune', 'held', 'all'] as const) {
    const set = br.filter((m) => half === 'all' || halfOf(m.name) === half);
    console.log(`\n## ${half}: ${set.length} photos`);
    for (const how of ['box', 'line', 'panel', 'any rank, best'] as const) {
      let exact = 0, one = 0, read = 0;
      for (const m of set) {
        const truth = truthOf(m.name)!;
        const reads = how === 'any rank, best' ? m.reads : m.reads.filter((r) => r.rank === 0 && r.how === how);
        if (!reads.length) continue;
        read++;
        const d = Math.min(...reads.map((r) => editDistance(plateChars(r.text), truth)));
        if (d === 0) exact++;
        if (d <= 1) one++;
      }
      console.log(`${how}: read ${read}; exact ${pct(exact, set.length)}, within one ${pct(one, set.length)}`);
    }
  }
  // The product's reading (the first box's line) kept at each character confidence: how many, how right, and the
  // different-car pairs (every two br photos) it flags at more than one edit apart.
  console.log('\nkept readings (first box, its line; at least ' + MIN_PLATE_CHARS + ' letters and digits, a digit, every character at least c sure)');
  for (const c of [0, 0.5, 0.7, 0.8, 0.9, 0.95]) {
    for (const half of ['tune', 'held', 'all'] as const) {
      const set = br.filter((m) => half === 'all' || halfOf(m.name) === half);
      const kept = set.flatMap((m) => {
        const r = m.reads.find((x) => x.rank === 0 && x.how === 'line');
        const plate = r && r.confidences.every((v) => v >= c) ? plateFromReading(r.text, []) : null;
        return plate ? [{ name: m.name, plate, d: editDistance(plate, truthOf(m.name)!) }] : [];
      });
      let pairs = 0, flagged = 0;
      for (let i = 0; i < kept.length; i++) for (let j = i + 1; j < kept.length; j++) (pairs++, edits(kept[i]!.plate, kept[j]!.plate) > 1 && flagged++);
      const wrong = kept.filter((k) => k.d > 1).map((k) => `${k.name}:${k.plate}`);
      // A kept reading more than one edit from its own plate by plateDistance would flag that car against a right reading of it.
      const astray = kept.filter((k) => edits(k.plate, truthOf(k.name)!) > 1).map((k) => `${k.name}:${k.plate}`);
      console.log(`c ${c} ${half}: kept ${pct(kept.length, set.length)}; exact ${pct(kept.filter((k) => k.d === 0).length, kept.length)}, within one ${pct(kept.filter((k) => k.d <= 1).length, kept.length)}; pairs both kept ${pairs}, flagged ${pct(flagged, pairs)}; over one plateDistance from its own plate ${pct(astray.length, kept.length)} ${astray.join(' ')}${wrong.length ? '; off by 2+: ' + wrong.join(' ') : ''}`);
    }
  }
  console.log('\nfind ms median', median(all.map((m) => m.findMs)), 'cpu', median(all.map((m) => m.findCpuMs)), 'read ms median', median(all.flatMap((m) => m.reads.map((r) => r.ms))));
}
