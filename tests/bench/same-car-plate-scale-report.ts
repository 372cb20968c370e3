/**
 * The tables of tests/bench/same-car-plate-scale.ts: the car's width and height in plate-lettering widths on its ends,
 * one car's spread against the spread between cars.
 */
import { DIFFERENT_CAR_DISTANCE, paintDistance } from '@shared/same-car';
import type { PlateMeasure } from './same-car-plate-scale';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Real plate widths in mm by standard (the lot photos' name prefixes). */
const PLATE_MM: Record<string, number> = { eu: 520, us: 305, br: 400 };

const ENDS = new Set(['front', 'rear']);

/**
 * The plate's line of lettering: the most plate-like box with the other boxes on its line joined to it (the detector
 * reads "EMR 7094" as two words): overlapping it vertically by half the lower one, of a like height, at most 1.5 of
 * its height apart.
 */
export function letteringLine(boxes: Box[]): Box | null {
  if (boxes.length === 0) return null;
  let line = { ...boxes[0]! };
  let rest = boxes.slice(1);
  for (let joined = true; joined; ) {
    joined = false;
    for (const b of rest) {
      const overlapY = Math.min(line.y + line.height, b.y + b.height) - Math.max(line.y, b.y);
      const like = b.height <= 1.6 * line.height && line.height <= 1.6 * b.height;
      const gap = Math.max(b.x - (line.x + line.width), line.x - (b.x + b.width));
      if (overlapY >= 0.5 * Math.min(line.height, b.height) && like && gap <= 1.5 * Math.min(line.height, b.height)) {
        const x = Math.min(line.x, b.x), y = Math.min(line.y, b.y);
        line = { x, y, width: Math.max(line.x + line.width, b.x + b.width) - x, height: Math.max(line.y + line.height, b.y + b.height) - y };
        rest = rest.filter((r) => r !== b);
        joined = true;
        break;
      }
    }
  }
  return line;
}

export interface Scaled {
  m: PlateMeasure;
  /** The car's width and height in lettering widths. */
  w: number;
  h: number;
  plate: Box;
}

export function scaled(m: PlateMeasure, views = ENDS): Scaled | null {
  if (!m.angle || !views.has(m.angle) || m.touches) return null;
  const plate = letteringLine(m.plates);
  if (!plate || plate.width < 12) return null;
  // A plate lies within the car's middle: lettering off to a side is a sticker or a badge.
  const mid = plate.x + plate.width / 2 - m.car_box.x;
  if (mid < 0.25 * m.car_box.width || mid > 0.75 * m.car_box.width) return null;
  return { m, w: m.car_box.width / plate.width, h: m.car_box.height / plate.width, plate };
}

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN;
};
const f2 = (v: number) => v.toFixed(2);
const pct = (n: number, d: number) => `${n} of ${d} (${d ? ((100 * n) / d).toFixed(1) : '0'}%)`;

export function report(bench: PlateMeasure[], unseen: PlateMeasure[], half: (car: string) => string): void {
  const each = process.argv.includes('--each');
  for (const [label, set] of [
    ['benchmark', bench],
    ['lot photos', unseen],
  ] as const) {
    const ends = set.filter((m) => m.angle && ENDS.has(m.angle));
    const whole = ends.filter((m) => !m.touches);
    const withPlate = whole.map((m) => scaled(m)).filter((s): s is Scaled => !!s);
    console.log(`${label}: ${set.length} measured, ${ends.length} ends, ${whole.length} not cut by the frame, ${withPlate.length} with a plate line`);
    const ms = set.map((m) => m.plateCpuMs).slice(1);
    console.log(`  plate finder: CPU median ${q(ms, 0.5)} ms, 90th ${q(ms, 0.9)} ms; wall median ${q(set.map((m) => m.plateMs).slice(1), 0.5)} ms`);
    if (each) for (const s of withPlate) console.log(`  ${s.m.name} ${s.m.angle} car ${s.m.car_box.width}x${s.m.car_box.height} plate ${s.plate.width}x${s.plate.height} w ${f2(s.w)} h ${f2(s.h)}${s.m.region in PLATE_MM ? ` = ${Math.round(s.w * PLATE_MM[s.m.region]!)} x ${Math.round(s.h * PLATE_MM[s.m.region]!)} mm (lettering as the plate)` : ''}`);
  }

  // One car's spread: the benchmark's cars' ends with a plate line (any two of one car's photos). The Changan's and the
  // Corollas' plates are the maker's logo plates ("CS55", "ALTIS"), the Kadjar's a name plate: no standard size, and
  // apart from the Kadjar's they are read in part or a sticker beside them is; the real plates are the real photos'.
  const benchScaled = bench.map((m) => scaled(m)).filter((s): s is Scaled => !!s);
  const byCar = new Map<string, Scaled[]>();
  for (const s of benchScaled) byCar.set(s.m.car, [...(byCar.get(s.m.car) ?? []), s]);
  console.log('\none car, ends with a plate line: car, photos, width in lettering widths (min / median / max), height (the same)');
  for (const [car, list] of byCar) {
    const ws = list.map((s) => s.w), hs = list.map((s) => s.h);
    console.log(`  ${car} (${half(car)}): ${list.length}, w ${f2(Math.min(...ws))} / ${f2(q(ws, 0.5))} / ${f2(Math.max(...ws))}, h ${f2(Math.min(...hs))} / ${f2(q(hs, 0.5))} / ${f2(Math.max(...hs))}`);
  }
  const logoPlate = (car: string) => car.startsWith('changan') || car.startsWith('corolla');
  const pairsOf = (keep: (car: string) => boolean) => {
    const out: number[][] = [];
    for (const [car, list] of byCar) if (keep(car)) for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) out.push(gaps(list[i]!, list[j]!));
    return out;
  };
  const sameCar = pairsOf((car) => !logoPlate(car));
  const logoPairs = pairsOf(logoPlate);
  // Between cars: the lot photos of one plate standard (each photo another car), in lettering widths.
  const lot = unseen.map((m) => scaled(m)).filter((s): s is Scaled => !!s);
  const between: Array<number[] & { alike?: boolean }> = [];
  for (let i = 0; i < lot.length; i++)
    for (let j = i + 1; j < lot.length; j++) {
      const a = lot[i]!, b = lot[j]!;
      if (a.m.region !== b.m.region) continue;
      const g: number[] & { alike?: boolean } = gaps(a, b);
      g.alike = !!a.m.paint && !!b.m.paint && paintDistance({ paint: a.m.paint, share: 1 }, { paint: b.m.paint, share: 1 }) <= DIFFERENT_CAR_DISTANCE;
      between.push(g);
    }
  console.log('\nlot photos per plate standard: photos, log of the width in lettering widths (median absolute deviation x 1.4826 / standard deviation), the same for the height');
  for (const region of Object.keys(PLATE_MM)) {
    const r = lot.filter((s) => s.m.region === region);
    if (r.length < 3) continue;
    const lw = r.map((s) => Math.log(s.w)), lh = r.map((s) => Math.log(s.h));
    const mm = r.map((s) => s.w * PLATE_MM[region]!);
    console.log(`  ${region}: ${r.length}, width ${f2(mad(lw))} / ${f2(sd(lw))}, height ${f2(mad(lh))} / ${f2(sd(lh))}; width with the lettering as the whole plate ${Math.round(Math.min(...mm))} to ${Math.round(Math.max(...mm))} mm (median ${Math.round(q(mm, 0.5))})`);
    const far = r.filter((s) => Math.max(Math.abs(Math.log(s.w) - median(lw)), Math.abs(Math.log(s.h) - median(lh))) > 0.18).length;
    // The plate's light panel instead of its lettering, where it has one as wide as the lettering at least.
    const panels = r.flatMap((s) => (s.m.plates[0]!.panel && s.m.plates[0]!.panel.width >= 0.9 * s.plate.width ? [[Math.log(s.m.car_box.width / s.m.plates[0]!.panel.width), Math.log(s.m.car_box.height / s.m.plates[0]!.panel.width)]] : []));
    const pw = panels.map((x) => x[0]!);
    const gapsP: number[] = [];
    for (let i = 0; i < panels.length; i++) for (let j = i + 1; j < panels.length; j++) gapsP.push(Math.max(Math.abs(panels[i]![0]! - panels[j]![0]!), Math.abs(panels[i]![1]! - panels[j]![1]!)));
    console.log(`    ${far} photos over 0.18 from the median; by the panel: ${panels.length} photos, width ${f2(mad(pw))} / ${f2(sd(pw))}, larger gap of two cars 10th / 50th / 90th percentile ${[0.1, 0.5, 0.9].map((p) => q(gapsP, p).toFixed(3)).join(' / ')}`);
  }
  console.log('\n|log ratio| of width, of height, and the larger of the two: median / 95th percentile / largest');
  for (const [label, g] of [
    ['same car, real plates (a photo, its mirror, shade and smaller copies; the Kadjar end frames)', sameCar],
    ['same car, logo plates (Changan, Corollas)', logoPairs],
    ['different cars (lot, one plate standard)', between],
  ] as const) {
    if (!g.length) {
      console.log(`  ${label}: no pairs`);
      continue;
    }
    const line = [0, 1, 2].map((k) => g.map((x) => x[k]!)).map((xs) => `${f2(q(xs, 0.5))} / ${f2(q(xs, 0.95))} / ${f2(Math.max(...xs))}`);
    console.log(`  ${label} (${g.length} pairs): width ${line[0]}; height ${line[1]}; larger ${line[2]}`);
  }
  const largest = Math.ceil(Math.max(...sameCar.map((x) => x[2]!)) * 100) / 100;
  console.log(`\nflagged when the larger gap is over a threshold (the benchmark's rule, the largest same-car gap rounded up: ${f2(largest)})`);
  const alike = between.filter((g) => g.alike);
  for (const t of [0.1, 0.15, largest, 0.2, 0.25])
    console.log(`  over ${f2(t)}: same car, real plates ${pct(sameCar.filter((x) => x[2]! > t).length, sameCar.length)}; lot, different cars ${pct(between.filter((x) => x[2]! > t).length, between.length)}; of which paints read as one ${pct(alike.filter((x) => x[2]! > t).length, alike.length)}`);
}

const median = (xs: number[]) => q(xs, 0.5);
const mad = (xs: number[]) => 1.4826 * median(xs.map((x) => Math.abs(x - median(xs))));
const sd = (xs: number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
};

function gaps(a: Scaled, b: Scaled): number[] {
  const w = Math.abs(Math.log(a.w / b.w)), h = Math.abs(Math.log(a.h / b.h));
  return [w, h, Math.max(w, h)];
}

