/** Box arithmetic for the car check (fractions of the photo). */
import type { Detection, NormBox, Person } from './port';

const area = (b: NormBox) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);
export function intersection(a: NormBox, b: NormBox): number {
  return area({ left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) });
}
export const iou = (a: NormBox, b: NormBox) => {
  const i = intersection(a, b);
  return i / Math.max(1e-9, area(a) + area(b) - i);
};
export { area as boxArea };

/**
 * Vehicles as one class: the strongest box stands for the vehicle; a box on the same vehicle (the same car seen as car
 * and as truck) adds its evidence (the chance that either is right), a box mostly inside a stronger one (a part of
 * it) is dropped. Then only vehicles at `minScore` or more are kept.
 */
export function mergeVehicles(candidates: Detection[], minScore = 0): Detection[] {
  const kept: Detection[] = [];
  for (const d of [...candidates].sort((a, b) => b.score - a.score)) {
    const same = kept.find((k) => iou(k.box, d.box) > 0.5);
    if (same) same.score = 1 - (1 - same.score) * (1 - d.score);
    else if (!kept.some((k) => intersection(k.box, d.box) > 0.8 * area(d.box))) kept.push({ ...d });
  }
  const vehicles = kept.filter((k) => k.score >= minScore && area(k.box) >= MIN_VEHICLE_AREA && k.box.bottom - k.box.top >= MIN_VEHICLE_HEIGHT);
  // A box around two vehicles side by side (each a good part of it, each seen more surely) is the detector seeing the
  // group, not a third vehicle. A car with smaller cars behind it is not a group.
  const groups = (v: Detection) =>
    vehicles.filter((o) => o !== v && o.score > v.score && area(o.box) >= 0.25 * area(v.box) && intersection(v.box, o.box) > 0.7 * area(o.box)).length >= 2;
  return vehicles.filter((v) => !groups(v));
}

/** Smaller than this share of the frame is not a car to photograph (a camera's date stamp, a speck far away). */
export const MIN_VEHICLE_AREA = 0.005;
export const MIN_VEHICLE_HEIGHT = 0.04;


/**
 * Each vehicle with the candidate boxes that overlap it and did not become a vehicle themselves (nor are a copy of its
 * own box): what the cut-out may read as a car hidden behind it.
 */
export function withNearby(vehicles: Detection[], candidates: Detection[]): Detection[] {
  return vehicles.map((v) => {
    const nearby = candidates
      .filter((c) => c.score >= NEARBY_SCORE && !vehicles.some((o) => iou(o.box, c.box) > 0.9) && intersection(v.box, c.box) > 0.5 * area(c.box))
      .map((c) => ({ ...c.box }));
    return nearby.length ? { ...v, nearby } : v;
  });
}

/** Below this a candidate box is noise even as a hint (the detector's own floor is 0.08). */
export const NEARBY_SCORE = 0.08;

/** Each vehicle with the people whose box overlaps its own (the car check tells whether one stands in front of it). */
export function withPeople(vehicles: Detection[], people: Person[]): Detection[] {
  return vehicles.map((v) => {
    const over = people.filter((p) => intersection(v.box, p.box) > 0).map((p) => ({ box: { ...p.box }, score: p.score }));
    return over.length ? { ...v, people: over } : v;
  });
}
