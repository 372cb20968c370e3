/**
 * Splits a cut-out between two cars along the photo's strongest edges: every pixel of the mask in a window goes to
 * the car it is nearer to, where a step between neighbouring pixels costs more the more their colours differ
 * (a geodesic distance). Two cars that touch in the saliency mask (a car parked behind showing over the roof, a
 * neighbour's bumper in front of the wheel) meet along an outline (a red roof against a white car, a bumper against a
 * wing); paths inside one car cross only its own softer edges, so the split follows that outline rather than a
 * straight cut. Dial's algorithm (integer step costs, buckets): linear in the window's pixels.
 */

export interface Window {
  l: number;
  t: number;
  r: number;
  b: number;
}

/** What a pixel is before the split: not in the graph, a seed of the main car, a seed of the other car, or open. */
export const OUT = 0;
export const MAIN = 1;
export const OTHER = 2;
export const OPEN = 3;

/** Step cost: 1, plus this much per unit of the largest channel difference above the noise floor. */
const EDGE_WEIGHT = 0.35;
const NOISE = 6;
/** Entering a pixel whose colour the seeds say is the other car's costs up to this much more. */
const COLOUR_WEIGHT = 24;
/** Colour histograms: 16 levels a channel. */
const BINS = 4096;
const bin = (rgb: Uint8Array, p: number) => ((rgb[p]! >> 4) << 8) | ((rgb[p + 1]! >> 4) << 4) | (rgb[p + 2]! >> 4);

/**
 * `state` (window-sized, row-major over the window) says what each pixel is; on return every OPEN pixel reached from a
 * seed holds MAIN or OTHER (the nearer seed's), and OPEN pixels no seed reaches stay OPEN. False when no split was made. Each car's distance also
 * charges for entering a pixel of a colour its seeds rarely have and the other's often do (a red bonnet against a
 * blue one), so a part of the other car walled off by its own edges (a bonnet under its windscreen) still goes with it.
 * `colourWeight` (at most COLOUR_WEIGHT; 0: the edges alone) is the most that charge adds to a step.
 * `edgeWeight`: what a step across an edge costs per unit of colour difference above the noise (a step costs 1 besides).
 */
export function splitAlongEdges(state: Uint8Array, rgb: Uint8Array, w: number, win: Window, colourWeight = COLOUR_WEIGHT, edgeWeight = EDGE_WEIGHT): boolean {
  const ww = win.r - win.l;
  const n = ww * (win.b - win.t);
  const hist = [new Float32Array(BINS), new Float32Array(BINS)];
  const count = [0, 0];
  for (let i = 0; i < n; i++)
    if (state[i] === MAIN || state[i] === OTHER) {
      const k = state[i]! - 1;
      hist[k]![bin(rgb, pixel(i, ww, w, win))]!++;
      count[k]!++;
    }
  if (!count[0] || !count[1]) return false;
  // The share of a colour's seeds that are the other car's (smoothed): the cost of a main-car path entering it.
  const otherShare = new Float32Array(BINS);
  for (let c = 0; c < BINS; c++) {
    const pm = (hist[0]![c]! + 0.5) / count[0]!;
    const po = (hist[1]![c]! + 0.5) / count[1]!;
    otherShare[c] = po / (pm + po);
  }
  const toMain = distances(state, rgb, w, win, MAIN, otherShare, false, colourWeight, edgeWeight);
  const toOther = distances(state, rgb, w, win, OTHER, otherShare, true, colourWeight, edgeWeight);
  for (let i = 0; i < n; i++) {
    if (state[i] !== OPEN) continue;
    const dm = toMain[i]!;
    const dother = toOther[i]!;
    if (dm === UNREACHED && dother === UNREACHED) continue;
    state[i] = dm <= dother ? MAIN : OTHER;
  }
  return true;
}

const UNREACHED = 2147483647;
const pixel = (i: number, ww: number, w: number, win: Window) => 3 * ((((i / ww) | 0) + win.t) * w + (i % ww) + win.l);

/** Dial's algorithm from the seeds of one car over the mask's pixels in the window. */
function distances(state: Uint8Array, rgb: Uint8Array, w: number, win: Window, seed: number, otherShare: Float32Array, forOther: boolean, colourWeight: number, edgeWeight: number): Int32Array {
  const maxStep = 1 + Math.ceil((255 - NOISE) * edgeWeight) + COLOUR_WEIGHT;
  const ww = win.r - win.l;
  const n = ww * (win.b - win.t);
  // The window's colours and the cost of entering each pixel for this car's paths, computed once.
  const colour = new Uint8Array(3 * n);
  const enter = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (state[i] === OUT) continue;
    const p = pixel(i, ww, w, win);
    colour[3 * i] = rgb[p]!;
    colour[3 * i + 1] = rgb[p + 1]!;
    colour[3 * i + 2] = rgb[p + 2]!;
    const share = otherShare[bin(rgb, p)]!;
    const foreign = forOther ? 1 - share : share;
    enter[i] = 1 + Math.round(Math.min(colourWeight, COLOUR_WEIGHT) * foreign * foreign);
  }
  const dist = new Int32Array(n).fill(UNREACHED);
  // Buckets of a circular queue as linked lists in one pool: a node may sit in several (stale copies are skipped).
  const buckets = new Int32Array(maxStep + 1).fill(-1);
  let node = new Int32Array(Math.max(1024, n));
  let next = new Int32Array(node.length);
  let used = 0;
  let queued = 0;
  const push = (i: number, d: number) => {
    if (used === node.length) {
      const grownNode = new Int32Array(node.length * 2);
      grownNode.set(node);
      node = grownNode;
      const grownNext = new Int32Array(next.length * 2);
      grownNext.set(next);
      next = grownNext;
    }
    const b = d % (maxStep + 1);
    node[used] = i;
    next[used] = buckets[b]!;
    buckets[b] = used++;
    queued++;
  };
  for (let i = 0; i < n; i++)
    if (state[i] === seed) {
      dist[i] = 0;
      push(i, 0);
    }
  const relax = (i: number, j: number, d: number) => {
    if (state[j] === OUT) return;
    const a = 3 * i;
    const b = 3 * j;
    const diff = Math.max(Math.abs(colour[a]! - colour[b]!), Math.abs(colour[a + 1]! - colour[b + 1]!), Math.abs(colour[a + 2]! - colour[b + 2]!));
    const nd = d + enter[j]! + (diff > NOISE ? Math.ceil((diff - NOISE) * edgeWeight) : 0);
    if (nd < dist[j]!) {
      dist[j] = nd;
      push(j, nd);
    }
  };
  for (let d = 0; queued > 0; d++) {
    const b = d % (maxStep + 1);
    while (buckets[b]! >= 0) {
      const e = buckets[b]!;
      buckets[b] = next[e]!;
      queued--;
      const i = node[e]!;
      if (dist[i] !== d) continue;
      const x = i % ww;
      if (x > 0) relax(i, i - 1, d);
      if (x < ww - 1) relax(i, i + 1, d);
      if (i >= ww) relax(i, i - ww, d);
      if (i + ww < n) relax(i, i + ww, d);
    }
  }
  return dist;
}
