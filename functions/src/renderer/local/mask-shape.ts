/** Measurements of a car mask's outline, shared by the car check, the angle classifier and the shadow. */
import type { CleanMask } from '../cutout/mask-cleanup';

export interface MaskShape {
  width: number;
  height: number;
  aspect: number;
  /** Lowest mask row per column of the box (NaN where the column is empty), relative to box top. */
  bottom: Float32Array;
  /** Largest rise of the underside between two lower points (wheels), as a fraction of the box height. */
  wheelGap: number;
  /** Ground contacts: x ranges (relative to box left) where the underside is within 3% of the lowest point locally. */
  contacts: Array<{ from: number; to: number; y: number }>;
  /** Left-right mirror similarity of the silhouette, 0..1. */
  symmetry: number;
  /** x of the lowest underside point, as a fraction of the box width. */
  lowestAt: number;
  /** Centre of the roof (top within 5% of the highest point), as a fraction of the box width. */
  roofCentre: number;
  edgesTouched: number;
}

export function measureShape(mask: CleanMask): MaskShape {
  const { alpha, width: w, box } = mask;
  const bw = box.right - box.left;
  const bh = box.bottom - box.top;
  const bottom = new Float32Array(bw).fill(Number.NaN);
  const top = new Float32Array(bw).fill(Number.NaN);
  for (let x = 0; x < bw; x++) {
    for (let y = bh - 1; y >= 0; y--)
      if (alpha[(box.top + y) * w + box.left + x]! >= 128) {
        bottom[x] = y;
        break;
      }
    for (let y = 0; y < bh; y++)
      if (alpha[(box.top + y) * w + box.left + x]! >= 128) {
        top[x] = y;
        break;
      }
  }
  // Rise between wheels: how far the underside climbs between the lowest points on its left and right.
  const leftMax = new Float32Array(bw);
  const rightMax = new Float32Array(bw);
  let m = -1;
  for (let x = 0; x < bw; x++) leftMax[x] = m = Math.max(m, Number.isNaN(bottom[x]!) ? -1 : bottom[x]!);
  m = -1;
  for (let x = bw - 1; x >= 0; x--) rightMax[x] = m = Math.max(m, Number.isNaN(bottom[x]!) ? -1 : bottom[x]!);
  let gap = 0;
  let lowest = 0;
  let lowestX = 0;
  for (let x = 0; x < bw; x++) {
    const b = bottom[x]!;
    if (Number.isNaN(b)) continue;
    gap = Math.max(gap, Math.min(leftMax[x]!, rightMax[x]!) - b);
    if (b > lowest) (lowest = b), (lowestX = x);
  }
  // Contacts: runs whose underside is near the local floor line (the line through the lowest points).
  const contacts: MaskShape['contacts'] = [];
  const tol = bh * 0.035;
  let run: { from: number; to: number; y: number } | undefined;
  for (let x = 0; x < bw; x++) {
    const b = bottom[x]!;
    const floor = Math.min(leftMax[x]!, rightMax[x]!) > b + tol ? -1 : Math.max(leftMax[x]!, rightMax[x]!);
    const onFloor = !Number.isNaN(b) && floor >= 0 && b >= Math.min(leftMax[x]!, rightMax[x]!) - tol;
    if (onFloor) {
      if (run) (run.to = x), (run.y = Math.max(run.y, b));
      else run = { from: x, to: x, y: b };
    } else if (run) contacts.push(run), (run = undefined);
  }
  if (run) contacts.push(run);
  let same = 0;
  let total = 0;
  for (let y = 0; y < bh; y += 2)
    for (let x = 0; x < bw / 2; x += 2) {
      const a = alpha[(box.top + y) * w + box.left + x]! >= 128;
      const b = alpha[(box.top + y) * w + box.right - 1 - x]! >= 128;
      if (a || b) (total++, a === b && same++);
    }
  let minTop = bh;
  for (let x = 0; x < bw; x++) if (!Number.isNaN(top[x]!)) minTop = Math.min(minTop, top[x]!);
  let roofSum = 0;
  let roofN = 0;
  for (let x = 0; x < bw; x++) if (top[x]! <= minTop + bh * 0.05) (roofSum += x), roofN++;
  const edgesTouched =
    Number(box.left <= 1) + Number(box.top <= 1) + Number(box.right >= mask.width - 1) + Number(box.bottom >= mask.height - 1);
  return {
    width: bw,
    height: bh,
    aspect: bw / Math.max(1, bh),
    bottom,
    wheelGap: gap / Math.max(1, bh),
    contacts: contacts.filter((c) => c.to - c.from >= bw * 0.01),
    symmetry: total ? same / total : 0,
    lowestAt: lowestX / Math.max(1, bw),
    roofCentre: roofN ? roofSum / roofN / bw : 0.5,
    edgesTouched,
  };
}
