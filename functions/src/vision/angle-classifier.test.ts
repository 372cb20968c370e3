import { describe, expect, it } from 'vitest';
import { MIRRORED_ANGLE } from '@shared/angles';
import { classifyAngle, noseDirection, VIEWS, viewFeatures, viewProbabilities, type View, type ViewModel } from './angle-classifier';
import { mirrorFeatures, type AngleFeatures } from './angle-features';
import { ANGLE_MODEL } from './angle-model';
import { LOW_CONFIDENCE } from './port';
import { fitViewModel, leaveOnePhotoOut, type TrainingSample } from './angle-training';

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  return () => ((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function features(r: () => number): AngleFeatures {
  const third = (): [number, number, number] => [r(), r(), r()];
  const [redLeft, redMiddle, redRight] = [0.04 * r(), 0.04 * r(), 0.04 * r()];
  return {
    aspect: 1 + 2.5 * r(),
    shapeSymmetry: 0.5 + 0.5 * r(),
    lookSymmetry: r(),
    redLeft,
    redMiddle,
    redRight,
    // A bright red pixel is a lamp pixel too.
    lampThirds: [redLeft, redMiddle, redRight],
    // Lamps that span the end (a rear's), so that only the rules under test decide.
    lampSpan: [0.02, 0.98],
    lampMiddleLow: redMiddle,
    redBody: 0.3 * r(),
    lowestAt: r(),
    heightLeft: 0.3 + 0.4 * r(),
    heightRight: 0.3 + 0.4 * r(),
    tilt: 0.2 * (r() - 0.5),
    roofCentre: 0.25 + 0.5 * r(),
    darkTop: r(),
    darkBottom: r(),
    darkBody: r(),
    darkTopThirds: third(),
    darkBottomThirds: third(),
    darkGrille: r(),
    brightThirds: third(),
    liftMiddle: 0.2 * r(),
    liftLeft: 0.2 * r(),
    liftRight: 0.2 * r(),
  };
}

/** One faint red lamp at one end: red seen (so no "no tail lamps" front), no pair and nothing across the middle. */
const ONE_LAMP: [number, number, number] = [0.02, 0, 0];

describe('angle classifier', () => {
  it('gives a mirrored photo the mirrored angle and the same confidence, for any features', () => {
    const r = random(7);
    for (let i = 0; i < 500; i++) {
      // Half of them with lamps anywhere across the width (a flank beside them or not).
      const span = [r(), r()].sort((a, b) => a - b) as [number, number];
      const f = i % 2 ? { ...features(r), lampSpan: span } : features(r);
      const straight = classifyAngle(f);
      const flipped = classifyAngle(mirrorFeatures(f));
      expect(flipped.angle).toBe(MIRRORED_ANGLE[straight.angle]);
      expect(flipped.confidence).toBeCloseTo(straight.confidence, 6);
    }
  });

  it('turns left and right into nose end and tail end', () => {
    const f = { ...features(random(3)), darkBody: 0.3 };
    const noseLeft = viewFeatures({ ...f, redLeft: 0, redRight: 0.03, darkTopThirds: [0.1, 0.5, 0.9] }, true);
    expect(noseLeft).toMatchObject({ redNose: 0, redTail: 0.03, darkTopNose: 0.1, darkTopTail: 0.9 });
    expect(viewFeatures(mirrorFeatures({ ...f, redLeft: 0, redRight: 0.03, darkTopThirds: [0.1, 0.5, 0.9] }), false)).toEqual(noseLeft);
  });
});

describe('a dark car', () => {
  const DARKNESS = ['darkTop', 'darkBottom', 'darkTopNose', 'darkTopTail', 'darkBottomNose', 'darkBottomMiddle', 'darkBottomTail'];
  const darkness = (r: () => number): Partial<AngleFeatures> => ({
    darkTop: r(),
    darkBottom: r(),
    darkTopThirds: [r(), r(), r()],
    darkBottomThirds: [r(), r(), r()],
  });

  it('is judged without where its dark pixels sit (its paint is as dark as glass and tyres)', () => {
    const r = random(11);
    for (let i = 0; i < 50; i++) {
      const f = { ...features(r), darkBody: 0.8, redBody: 0.05 };
      const a = classifyAngle({ ...f, ...darkness(r) });
      expect(classifyAngle({ ...f, ...darkness(r) })).toEqual(a);
      expect(Object.entries(viewFeatures(f, true)).filter(([, v]) => Number.isNaN(v)).map(([k]) => k)).toEqual(DARKNESS);
    }
  });

  it('reads as the average photo to the model, while the darkness of a lighter car still counts', () => {
    const f = { ...features(random(5)), darkBody: 0.8 };
    const x = viewFeatures(f, true);
    const atMean = { ...x, ...Object.fromEntries(DARKNESS.map((n) => [n, ANGLE_MODEL.mean[ANGLE_MODEL.features.indexOf(n)]!])) };
    expect(viewProbabilities(x)).toEqual(viewProbabilities(atMean));
    const lighter = { ...f, darkBody: 0.3 };
    const changed = viewProbabilities(viewFeatures({ ...lighter, darkTop: 0.9, darkTopThirds: [0.9, 0.9, 0.9] }, true));
    expect(changed).not.toEqual(viewProbabilities(viewFeatures({ ...lighter, darkTop: 0.05, darkTopThirds: [0.05, 0.05, 0.05] }, true)));
  });
});

describe('a red car', () => {
  const LAMPS = ['redBody', 'redNose', 'redMiddle', 'redTail'];

  it('reads its lamps as unknown, not as missing (no tail lamps seen would say front)', () => {
    const f = { ...features(random(13)), redBody: 0.4 };
    const x = viewFeatures(f, true);
    expect(LAMPS.every((n) => Number.isNaN(x[n]!))).toBe(true);
    const atMean = { ...x, ...Object.fromEntries(LAMPS.map((n) => [n, ANGLE_MODEL.mean[ANGLE_MODEL.features.indexOf(n)]!])) };
    expect(viewProbabilities(x)).toEqual(viewProbabilities(atMean));
    const noLamps = { ...x, ...Object.fromEntries(LAMPS.map((n) => [n, 0])) };
    expect(viewProbabilities(x)).not.toEqual(viewProbabilities(noLamps));
  });

  it("tells its front from its rear by the grille's dark band, and a car of another paint by the model alone", () => {
    const r = random(17);
    let ends = 0;
    for (let i = 0; i < 400; i++) {
      // No white headlamp pair at the ends (that says front on its own, tested below).
      const f = { ...features(r), redBody: 0.4, darkBody: 0.4, brightThirds: [0.02, 0.05, 0.02] as [number, number, number] };
      const grille = classifyAngle({ ...f, darkGrille: 0.45 }).angle;
      if (grille !== 'front' && grille !== 'rear') continue;
      ends++;
      expect(grille).toBe('front');
      expect(classifyAngle({ ...f, darkGrille: 0.15 }).angle).toBe('rear');
      // Not red: the band is not read (the model's answer, whatever the band).
      const grey = { ...f, redBody: 0.05 };
      expect(classifyAngle({ ...grey, darkGrille: 0.45 })).toEqual(classifyAngle({ ...grey, darkGrille: 0.15 }));
    }
    expect(ends).toBeGreaterThan(5);
  });

  it('is not sure of a front told by its grille band alone when no headlamp shows at all (a red rear over a black bumper)', () => {
    const r = random(53);
    let ends = 0, seenSure = 0;
    for (let i = 0; i < 400; i++) {
      const f = { ...features(r), redBody: 0.4, darkBody: 0.4, darkGrille: 0.45 };
      const lit = classifyAngle({ ...f, brightThirds: [0.02, 0.05, 0.02] });
      const dark = classifyAngle({ ...f, brightThirds: [0.002, 0.004, 0.001] });
      if (lit.angle !== 'front' || dark.angle !== 'front') continue;
      ends++;
      expect(dark.confidence).toBeLessThan(LOW_CONFIDENCE);
      // Some white at the ends or between them (a lamp, a plate): the rule leaves the model's sureness.
      const uncapped = classifyAngle({ ...f, brightThirds: [0.002, 0.004, 0.012] });
      if (uncapped.angle === 'front' && uncapped.confidence > 0.5) seenSure++;
    }
    expect(seenSure).toBeGreaterThan(5);
    expect(ends).toBeGreaterThan(5);
  });

  it('tells a red front by its two white headlamps at the ends when its grille band is light (a close-up under a large bonnet)', () => {
    const r = random(29);
    let ends = 0;
    for (let i = 0; i < 400; i++) {
      const f = { ...features(r), redBody: 0.5, darkBody: 0.3, darkGrille: 0.11 };
      // The white thirds are model features too: only where the model reads an end with each, the rule decides which.
      const headlamps = classifyAngle({ ...f, brightThirds: [0.06, 0.005, 0.07] }).angle;
      // A red rear: its white (plate, reversing lamps) in the middle, or none.
      const plate = classifyAngle({ ...f, brightThirds: [0.04, 0.09, 0.03] }).angle;
      const none = classifyAngle({ ...f, brightThirds: [0.001, 0.007, 0.002] }).angle;
      const isEnd = (a: string) => a === 'front' || a === 'rear';
      if (!isEnd(headlamps) || !isEnd(plate) || !isEnd(none)) continue;
      ends++;
      expect([headlamps, plate, none]).toEqual(['front', 'rear', 'rear']);
    }
    expect(ends).toBeGreaterThan(5);
  });
});

describe('a tail lamp pair', () => {
  it('makes a view the model reads as a front or a side a rear, and a front corner a rear end: red lamps at both ends and none between', () => {
    const r = random(31);
    const seen = { front: 0, side: 0, frontCorner: 0, rearCorner: 0 };
    for (let i = 0; i < 600; i++) {
      // A silver car, its lamps dim in a car park: no bright red (redLeft...), dark red at both ends.
      const f = { ...features(r), redBody: 0.002, redLeft: 0.003, redMiddle: 0, redRight: 0.002, lampMiddleLow: 0 };
      const none = classifyAngle({ ...f, lampThirds: ONE_LAMP });
      const view = none.angle === 'front' ? 'front' : none.angle.endsWith('_side') ? 'side' : undefined;
      if (!view) {
        const paired = classifyAngle({ ...f, lampThirds: [0.03, 0.001, 0.04] });
        if (none.angle.startsWith('rear_')) {
          // A rear corner shows both lamps too: the model's.
          seen.rearCorner++;
          expect(paired).toEqual(none);
        } else {
          // A front corner shows one tail lamp at most, at its far end: the near face is a tail, so the rear or the
          // rear corner of the same outline (the ends swapped: a front left corner is a rear right corner).
          seen.frontCorner++;
          expect([`rear`, MIRRORED_ANGLE[none.angle].replace('front', 'rear')]).toContain(paired.angle);
        }
        continue;
      }
      seen[view]++;
      expect(classifyAngle({ ...f, lampThirds: [0.03, 0.001, 0.04] }).angle).toBe('rear');
      // One end's red (an indicator, a reflection), red across the middle too, or a brown paint's red hue thinner in the
      // middle (the bonnet over a dark grille) but not bare: still the model's front.
      expect(classifyAngle({ ...f, lampThirds: [0.04, 0.001, 0.005] })).toEqual(none);
      expect(classifyAngle({ ...f, lampThirds: [0.03, 0.03, 0.04], lampMiddleLow: 0.03 })).toEqual(none);
      expect(classifyAngle({ ...f, lampThirds: [0.04, 0.012, 0.04], lampMiddleLow: 0.012 })).toEqual(none);
      // A third brake light at the roof is red in the middle third, above the tailgate: still a rear's pair.
      expect(classifyAngle({ ...f, lampThirds: [0.03, 0.03, 0.04], lampMiddleLow: 0.001 }).angle).toBe('rear');
    }
    expect(seen.front).toBeGreaterThan(5);
    expect(seen.side).toBeGreaterThan(5);
    expect(seen.frontCorner).toBeGreaterThan(5);
    expect(seen.rearCorner).toBeGreaterThan(5);
  });
});

describe('red all across the face of a car under the red-car share', () => {
  it('keeps the answer but says it is not sure of the end: its lamps cannot be told from its paint', () => {
    const r = random(47);
    const seen = { capped: 0, side: 0 };
    for (let i = 0; i < 600; i++) {
      // A maroon SUV's front, or a tailgate lit red: red-hued in every third, about as much in the middle as at the ends.
      const f = { ...features(r), redBody: 0.15, lampThirds: [0.19, 0.17, 0.24] as [number, number, number] };
      f.lampMiddleLow = f.lampThirds[1];
      const even = classifyAngle(f);
      // Red thinner in the middle (lamps at the ends over a red paint), a third under the share, or a red car (its
      // own rule): as sure as before.
      const thinner = { ...f, lampThirds: [0.19, 0.12, 0.24] as [number, number, number] };
      const third = { ...f, lampThirds: [0.19, 0.08, 0.24] as [number, number, number] };
      for (const other of [thinner, third]) {
        const g = classifyAngle(other);
        expect(g.angle).toBe(even.angle);
        if (g.angle.includes('_side')) continue;
        expect(g.confidence).toBeGreaterThanOrEqual(even.confidence);
      }
      if (even.angle.includes('_side')) {
        seen.side++;
        continue;
      }
      expect(even.confidence).toBeLessThan(LOW_CONFIDENCE);
      if (classifyAngle(thinner).confidence >= LOW_CONFIDENCE) seen.capped++;
      const redCar = { ...f, redBody: 0.3 };
      expect(classifyAngle(redCar).confidence).toBe(classifyAngle({ ...redCar, lampThirds: [0.19, 0.12, 0.24] }).confidence);
    }
    expect(seen.capped).toBeGreaterThan(20);
  });
});

describe('red across the middle of an end', () => {
  it("is paint, not lamps: the model's end with the lamps unknown; red at the ends only stays lamps", () => {
    const r = random(41);
    let turned = 0;
    for (let i = 0; i < 600; i++) {
      // A maroon car under the red-car share: its bonnet red-hued across the whole width, brightest in the middle.
      const f = { ...features(r), redBody: 0.1, redLeft: 0.1, redMiddle: 0.2, redRight: 0.1, lampThirds: [0.12, 0.22, 0.11] as [number, number, number], lampMiddleLow: 0.22 };
      const { noseLeft } = noseDirection(f);
      const p = viewProbabilities(viewFeatures(f, noseLeft));
      const modelView = VIEWS[p.indexOf(Math.max(...p))]!;
      if (modelView !== 'front' && modelView !== 'rear') continue;
      const q = viewProbabilities(viewFeatures(f, noseLeft, true));
      const unknownLamps = q[VIEWS.indexOf('front')]! >= q[VIEWS.indexOf('rear')]! ? 'front' : 'rear';
      expect(classifyAngle(f).angle).toBe(unknownLamps);
      if (unknownLamps !== modelView) turned++;
      // Lamps at the ends and less red between them (a red rear's plate and tailgate...): the model's own end.
      expect(classifyAngle({ ...f, lampThirds: [0.12, 0.08, 0.11], lampMiddleLow: 0.08 }).angle).toBe(modelView);
    }
    expect(turned).toBeGreaterThan(5);
  });
});

describe('a mirror-symmetric look', () => {
  it('makes a corner the model read an end view, the likelier end of the two; a less symmetric look stays a corner', () => {
    const r = random(37);
    const seen = { symmetric: 0, lessSo: 0 };
    for (let i = 0; i < 600; i++) {
      // Not red and no tail lamp pair: only the model and this rule decide.
      const base = { ...features(r), redBody: 0.05, lampThirds: ONE_LAMP };
      for (const lookSymmetry of [0.7, 0.5]) {
        const f = { ...base, lookSymmetry };
        const p = viewProbabilities(viewFeatures(f, noseDirection(f).noseLeft));
        const modelView = VIEWS[p.indexOf(Math.max(...p))]!;
        if (!modelView.endsWith('corner')) continue;
        const angle = classifyAngle(f).angle;
        if (lookSymmetry === 0.7) {
          seen.symmetric++;
          expect(angle).toBe(p[VIEWS.indexOf('front')]! >= p[VIEWS.indexOf('rear')]! ? 'front' : 'rear');
        } else {
          seen.lessSo++;
          expect(angle).toMatch(/_corner$/);
        }
      }
    }
    expect(seen.symmetric).toBeGreaterThan(5);
    expect(seen.lessSo).toBeGreaterThan(5);
  });
});

describe('a short silhouette', () => {
  it('is no side view: the likeliest other view where the model read a side; a long one stays a side', () => {
    const r = random(43);
    const seen = { short: 0, long: 0 };
    // The model leaning to sides, so that short silhouettes read as sides too.
    const model = { ...ANGLE_MODEL, bias: ANGLE_MODEL.bias.map((b, k) => (VIEWS[k] === 'side' ? b + 10 : b)) };
    for (let i = 0; i < 600; i++) {
      // No red and an unsymmetric look: only the model and this rule decide.
      const f = { ...features(r), redBody: 0.05, lampThirds: ONE_LAMP, lookSymmetry: 0.3 };
      const { noseLeft } = noseDirection(f);
      const p = viewProbabilities(viewFeatures(f, noseLeft), model);
      if (VIEWS[p.indexOf(Math.max(...p))] !== 'side') continue;
      const angle = classifyAngle(f, model).angle;
      if (f.aspect >= 1.6) {
        seen.long++;
        expect(angle).toMatch(/_side$/);
        continue;
      }
      seen.short++;
      const others = VIEWS.filter((v) => v !== 'side');
      const next = others.reduce((a, b) => (p[VIEWS.indexOf(b)]! > p[VIEWS.indexOf(a)]! ? b : a));
      expect(angle).toMatch(next === 'front' || next === 'rear' ? new RegExp(`^${next}$`) : new RegExp(`^${next.split('_')[0]}_(left|right)_corner$`));
    }
    expect(seen.short).toBeGreaterThan(5);
    expect(seen.long).toBeGreaterThan(5);
  });
});

describe('no red anywhere across the face', () => {
  it('makes a rear the model read a front, and a rear corner the front corner of the same outline; a faint lamp keeps the rear', () => {
    const r = random(47);
    const seen = { rear: 0, rearCorner: 0, front: 0 };
    for (let i = 0; i < 600; i++) {
      // A white or silver car and an unsymmetric look: only the model and this rule decide.
      const f = { ...features(r), redBody: 0.002, redLeft: 0, redMiddle: 0, redRight: 0, lookSymmetry: 0.3 };
      const withLamp = classifyAngle({ ...f, lampThirds: ONE_LAMP });
      const bare = classifyAngle({ ...f, lampThirds: [0, 0, 0] });
      const nearlyBare = classifyAngle({ ...f, lampThirds: [0.006, 0.002, 0.009] });
      expect(nearlyBare).toEqual(bare);
      if (withLamp.angle === 'rear') {
        seen.rear++;
        expect(bare.angle).toBe('front');
      } else if (withLamp.angle.startsWith('rear_')) {
        // The near end is a face without tail lamps: the front corner, its ends swapped (a rear left corner's outline is
        // a front right corner's).
        seen.rearCorner++;
        expect(bare.angle).toBe(MIRRORED_ANGLE[withLamp.angle].replace('rear', 'front'));
      } else if (withLamp.angle === 'front') {
        seen.front++;
        expect(bare).toEqual(withLamp);
      }
    }
    expect(seen.rear).toBeGreaterThan(5);
    expect(seen.rearCorner).toBeGreaterThan(5);
    expect(seen.front).toBeGreaterThan(5);
  });

  it("leaves a red car's rear corner to the model: its lamp measure reads the paint, not the lamps", () => {
    const r = random(53);
    let rearCorners = 0;
    for (let i = 0; i < 600; i++) {
      const f = { ...features(r), redBody: 0.4, lookSymmetry: 0.3 };
      const withLamp = classifyAngle({ ...f, lampThirds: ONE_LAMP });
      if (!withLamp.angle.startsWith('rear_')) continue;
      rearCorners++;
      expect(classifyAngle({ ...f, lampThirds: [0, 0, 0] })).toEqual(withLamp);
    }
    expect(rearCorners).toBeGreaterThan(5);
  });
});

describe('a flank beside the rear lamps', () => {
  it('makes an end the model read a rear corner, its nose on the side where the lamps stop short of the edge', () => {
    const r = random(61);
    const seen = { front: 0, rear: 0 };
    for (let i = 0; i < 4000; i++) {
      // One lamp's red (no pair, which would turn a front the model read into a rear): the ends are the model's.
      const f = { ...features(r), redBody: 0.02, lampThirds: ONE_LAMP, lookSymmetry: 0.3 };
      const spanning = classifyAngle(f);
      if (spanning.angle !== 'rear' && spanning.angle !== 'front') continue;
      seen[spanning.angle]++;
      // One lamp alone at an edge (a front corner's far tail lamp): no end's span, no flank.
      expect(classifyAngle({ ...f, lampSpan: [0.75, 0.98] })).toEqual(spanning);
      // The far lamp stops at 65% of the width: the flank fills the rest, at the image's right, so the nose points right.
      expect(classifyAngle({ ...f, lampSpan: [0.02, 0.65] }).angle).toBe('rear_right_corner');
      expect(classifyAngle({ ...f, lampSpan: [0.35, 0.98] }).angle).toBe('rear_left_corner');
      // Lamps set in from a wide bumper at both sides, or short of one edge by less than a quarter: still a rear.
      expect(classifyAngle({ ...f, lampSpan: [0.15, 0.85] })).toEqual(spanning);
      expect(classifyAngle({ ...f, lampSpan: [0.02, 0.8] })).toEqual(spanning);
      // A rear turned 15 degrees (eval:vision's Changan: 0.27 beyond its far lamp) is still a rear.
      expect(classifyAngle({ ...f, lampSpan: [0.02, 0.73] })).toEqual(spanning);
      // A red car's red is its paint: where it stops says nothing.
      const red = { ...f, redBody: 0.4 };
      expect(classifyAngle({ ...red, lampSpan: [0.02, 0.65] })).toEqual(classifyAngle(red));
    }
    expect(seen.rear).toBeGreaterThan(5);
    expect(seen.front).toBeGreaterThan(5);
  });
});

describe('view model fitting', () => {
  // Five views, each told apart by one feature of its own, with noise on the others.
  function toySet(seed: number, photos: number): TrainingSample[] {
    const r = random(seed);
    const out: TrainingSample[] = [];
    for (let i = 0; i < photos; i++) {
      const view = VIEWS[i % VIEWS.length]! as View;
      const x: Record<string, number> = {};
      VIEWS.forEach((v, j) => (x[`f${j}`] = (v === view ? 1 : 0) + 0.3 * r()));
      out.push({ x, view, group: `photo-${i}` });
    }
    return out;
  }

  /** How many of the samples the model gives their own view. */
  const rightOn = (model: ViewModel, samples: TrainingSample[]) =>
    samples.filter((s) => {
      const p = viewProbabilities(s.x, model);
      return VIEWS[p.indexOf(Math.max(...p))] === s.view;
    }).length;

  it('learns views that its features tell apart, and says so on photos it did not see', () => {
    const model = fitViewModel(toySet(1, 40), 0.01, 'toy');
    expect(rightOn(model, toySet(2, 20))).toBe(20);
    expect(leaveOnePhotoOut(toySet(1, 20), 0.01)).toBe(1);
  });

  it('leaves unknown values (NaN) out of its averages and still learns from the rest', () => {
    // Every fourth photo lacks the feature that marks the rear, as a dark car lacks its darkness features.
    const train = toySet(1, 40).map((s, i) => (i % 4 ? s : { ...s, x: { ...s.x, f1: Number.NaN } }));
    const model = fitViewModel(train, 0.01, 'toy');
    expect([...model.mean, ...model.std, ...model.weights.flat(), ...model.bias].every(Number.isFinite)).toBe(true);
    expect(rightOn(model, toySet(2, 20))).toBe(20);
  });

  it('cannot do better than chance when the features say nothing', () => {
    const r = random(5);
    const noise: TrainingSample[] = Array.from({ length: 30 }, (_, i) => ({ x: { a: r(), b: r() }, view: VIEWS[i % VIEWS.length]!, group: `p${i}` }));
    expect(leaveOnePhotoOut(noise, 0.01)).toBeLessThan(0.5);
  });
});
