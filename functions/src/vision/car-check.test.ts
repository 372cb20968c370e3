import { describe, expect, it } from 'vitest';
import { CAR_CHECK_MESSAGES } from '@shared/messages';
import { mergeVehicles } from './boxes';
import { checkCars } from './car-check';
import type { Detection } from './port';

const car = (left: number, top: number, right: number, bottom: number, score = 0.6, label: Detection['label'] = 'car'): Detection => ({ box: { left, top, right, bottom }, score, label });

describe('car check rules', () => {
  it('refuses no car, a car too small, a car spanning the frame, and several cars of a size, each with its message', () => {
    expect(checkCars([])).toMatchObject({ ok: false, reason: 'not_a_car', message: CAR_CHECK_MESSAGES.noCar });
    expect(checkCars([car(0.45, 0.45, 0.6, 0.55)])).toMatchObject({ ok: false, reason: 'car_too_small', message: CAR_CHECK_MESSAGES.carTooSmall });
    expect(checkCars([car(0, 0.2, 1, 0.8)])).toMatchObject({ ok: false, reason: 'car_outside_frame', message: CAR_CHECK_MESSAGES.carOutsideFrame });
    expect(checkCars([car(0, 0, 0.7, 1)])).toMatchObject({ ok: false, reason: 'car_outside_frame' }); // three edges
    expect(checkCars([car(0, 0, 0.7, 0.7)])).toMatchObject({ ok: true, cutByEdge: true }); // two edges: kept, with the warning
    expect(checkCars([car(0.02, 0.3, 0.48, 0.8), car(0.52, 0.3, 0.98, 0.8)])).toMatchObject({ ok: false, reason: 'several_cars', message: CAR_CHECK_MESSAGES.severalCars });
  });

  it('keeps the largest, most central, whole car over a neighbour cut by the edge, and warns when the main car touches an edge', () => {
    const main = car(0.2, 0.3, 0.85, 0.9, 0.5);
    const neighbour = car(0.85, 0.4, 1, 0.75, 0.85);
    expect(checkCars([neighbour, main])).toMatchObject({ ok: true, main, others: [neighbour], cutByEdge: false });
    expect(checkCars([car(0, 0.3, 0.7, 0.9)])).toMatchObject({ ok: true, cutByEdge: true });
  });
});

describe('merging the detector boxes', () => {
  it('the same car seen as car and truck is one vehicle with both pieces of evidence', () => {
    const merged = mergeVehicles([car(0.1, 0.1, 0.9, 0.9, 0.22), car(0.11, 0.1, 0.9, 0.91, 0.2, 'truck')], 0.25);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.score).toBeCloseTo(1 - 0.78 * 0.8, 5);
  });

  it('drops a box around two cars side by side, but not a car with smaller cars behind it; drops date-stamp specks', () => {
    const left = car(0, 0.14, 0.52, 0.92, 0.47);
    const right = car(0.48, 0.07, 1, 0.96, 0.59);
    expect(mergeVehicles([left, right, car(0.03, 0.08, 0.94, 0.93, 0.37)], 0.25).map((v) => v.score)).toEqual([0.59, 0.47]);
    const main = car(0.03, 0.08, 0.97, 0.82, 0.71);
    const behind = [car(0, 0.01, 0.29, 0.55, 0.48), car(0.88, 0.2, 1, 0.43, 0.45)];
    expect(mergeVehicles([main, ...behind], 0.25)).toHaveLength(3);
    expect(mergeVehicles([car(0.14, 0, 0.45, 0.021, 0.33)], 0.25)).toEqual([]);
  });
});
