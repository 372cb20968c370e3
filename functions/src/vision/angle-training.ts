/**
 * Fits the view model of angle-classifier.ts: a multinomial logistic regression with an L2 penalty, on standardised
 * features, by plain gradient descent (a few dozen photos: no library needed). The penalty is chosen by
 * leave-one-photo-out cross-validation inside the training photos, so nothing outside them is looked at.
 * Used by `npm run eval:vision -- --train`, which writes the result to angle-model.ts.
 */
import { VIEWS, type View, type ViewModel, viewProbabilities } from './angle-classifier';

export interface TrainingSample {
  /** The named features of viewFeatures(). */
  x: Record<string, number>;
  view: View;
  /** Samples of one photo (it and its mirror image) share a group and are left out together. */
  group: string;
  /** A made-up variant of a photo (e.g. stretched): trained on, never scored by the cross-validation. */
  augmented?: boolean;
}

export function fitViewModel(samples: TrainingSample[], lambda: number, fittedOn: string): ViewModel {
  const features = Object.keys(samples[0]!.x);
  const n = samples.length;
  const d = features.length;
  const k = VIEWS.length;
  // An unknown feature (NaN, see viewFeatures) takes no part in its mean and spread and counts as the mean (z = 0).
  const known = features.map((f) => samples.map((s) => s.x[f]!).filter((v) => !Number.isNaN(v)));
  const mean = known.map((v) => v.reduce((a, b) => a + b, 0) / Math.max(1, v.length));
  const std = known.map((v, i) => Math.sqrt(v.reduce((a, b) => a + (b - mean[i]!) ** 2, 0) / Math.max(1, v.length)) || 1);
  const z = samples.map((s) => features.map((f, i) => (Number.isNaN(s.x[f]!) ? 0 : (s.x[f]! - mean[i]!) / std[i]!)));
  const y = samples.map((s) => VIEWS.indexOf(s.view));
  // Each view weighs the same in the loss, however many photos show it.
  const perView = VIEWS.map((_, c) => y.filter((v) => v === c).length);
  const weightOf = y.map((c) => n / (k * Math.max(1, perView[c]!)));
  // Flat typed arrays: the cross-validation fits this a few hundred times.
  const Z = Float64Array.from(z.flat());
  const W = new Float64Array(k * d);
  const b = new Float64Array(k);
  const gW = new Float64Array(k * d);
  const gb = new Float64Array(k);
  const e = new Float64Array(k);
  const rate = 0.5;
  for (let step = 0; step < 1500; step++) {
    gW.fill(0);
    gb.fill(0);
    for (let i = 0; i < n; i++) {
      let top = -Infinity;
      for (let c = 0; c < k; c++) {
        let l = b[c]!;
        for (let j = 0; j < d; j++) l += W[c * d + j]! * Z[i * d + j]!;
        e[c] = l;
        if (l > top) top = l;
      }
      let sum = 0;
      for (let c = 0; c < k; c++) sum += e[c] = Math.exp(e[c]! - top);
      for (let c = 0; c < k; c++) {
        const g = (e[c]! / sum - (y[i] === c ? 1 : 0)) * weightOf[i]!;
        gb[c]! += g;
        for (let j = 0; j < d; j++) gW[c * d + j]! += g * Z[i * d + j]!;
      }
    }
    for (let c = 0; c < k; c++) {
      b[c]! -= (rate * gb[c]!) / n;
      for (let j = 0; j < d; j++) W[c * d + j]! -= rate * (gW[c * d + j]! / n + lambda * W[c * d + j]!);
    }
  }
  const round = (v: number) => Math.round(v * 1e4) / 1e4;
  const weights = VIEWS.map((_, c) => Array.from(W.subarray(c * d, (c + 1) * d), round));
  return { features, mean: mean.map(round), std: std.map(round), weights, bias: Array.from(b, round), fittedOn: `${fittedOn}; L2 ${lambda}` };
}

/** Share of the real samples whose view is right when their photo (with its variants) is left out of the fit. */
export function leaveOnePhotoOut(samples: TrainingSample[], lambda: number): number {
  const groups = [...new Set(samples.map((s) => s.group))];
  let right = 0;
  for (const g of groups) {
    const model = fitViewModel(samples.filter((s) => s.group !== g), lambda, 'cv');
    for (const s of samples.filter((s) => s.group === g && !s.augmented)) {
      const p = viewProbabilities(s.x, model);
      if (VIEWS[p.indexOf(Math.max(...p))] === s.view) right++;
    }
  }
  return right / samples.filter((s) => !s.augmented).length;
}
