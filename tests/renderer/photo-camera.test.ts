/**
 * The photo's camera height, read from a corner view's ground lines (functions/src/renderer/scenes/photo-camera.ts):
 * a car drawn in perspective from a known camera, low and high, read back.
 */
import { describe, expect, it } from 'vitest';
import { CAMERA_HEIGHT_RANGE, cameraHeightOnStage, estimatePhotoCamera, READING_WEIGHT } from '../../functions/src/renderer/scenes/photo-camera';
import { CAMERA_HEIGHT, focalPxFor } from '../../functions/src/renderer/scenes/scene-view';

const W = 2000, H = 1600, F = 1647, CX = W / 2, CY = 300;

/**
 * The silhouette of a plain car (a body 4.5 x 1.8 m from 0.3 to 1.0 m, a cabin 2.4 x 1.5 m up to 1.45 m, four tyres
 * 0.65 m tall) turned `yaw` degrees, its middle `distance` metres ahead of a level camera `height` metres up, as a
 * mask: each box's corners projected, its outline filled (a box seen from outside projects to a convex polygon).
 */
function carMask(height: number, yaw = 45, distance = 8, extra: Array<[number, number, number, number, number, number]> = []) {
  const boxes: Array<[number, number, number, number, number, number]> = [
    ...extra,
    [-2.25, 2.25, -0.9, 0.9, 0.3, 1.0],
    [-1.3, 1.1, -0.75, 0.75, 1.0, 1.45],
  ];
  for (const ax of [-1.35, 1.35]) for (const side of [-0.78, 0.78]) boxes.push([ax - 0.33, ax + 0.33, side - 0.12, side + 0.12, 0, 0.65]);
  const c = Math.cos((yaw * Math.PI) / 180), s = Math.sin((yaw * Math.PI) / 180);
  const alpha = new Uint8Array(W * H);
  for (const [x0, x1, z0, z1, y0, y1] of boxes) {
    const points: Array<[number, number]> = [];
    for (const X of [x0, x1]) for (const Z of [z0, z1]) for (const Y of [y0, y1]) {
      const wx = X * c - Z * s, wz = X * s + Z * c + distance;
      points.push([CX + (F * wx) / wz, CY + (F * (height - Y)) / wz]);
    }
    // Convex hull (monotone chain), then every pixel inside it.
    points.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const cross = (o: number[], a: number[], b: number[]) => (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
    const lower: Array<[number, number]> = [], upper: Array<[number, number]> = [];
    for (const p of points) {
      while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
      lower.push(p);
    }
    for (const p of [...points].reverse()) {
      while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
      upper.push(p);
    }
    const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
    const xs = hull.map((p) => p[0]), ys = hull.map((p) => p[1]);
    for (let y = Math.max(0, Math.floor(Math.min(...ys))); y <= Math.min(H - 1, Math.ceil(Math.max(...ys))); y++)
      for (let x = Math.max(0, Math.floor(Math.min(...xs))); x <= Math.min(W - 1, Math.ceil(Math.max(...xs))); x++) {
        const p = [x + 0.5, y + 0.5];
        if (hull.every((a, i) => cross(a, hull[(i + 1) % hull.length]!, p) >= 0)) alpha[y * W + x] = 255;
      }
  }
  const box = { left: W, top: H, right: 0, bottom: 0 };
  for (let i = 0; i < alpha.length; i++)
    if (alpha[i]) {
      const x = i % W, y = Math.floor(i / W);
      box.left = Math.min(box.left, x), box.right = Math.max(box.right, x + 1), box.top = Math.min(box.top, y), box.bottom = Math.max(box.bottom, y + 1);
    }
  return { alpha, width: W, height: H, box };
}

describe('the photo\'s camera height, from the car\'s ground lines', () => {
  it('reads a low shot as a low camera and a high one as a high camera, with the horizon where it was', () => {
    const read = (height: number, yaw?: number) => estimatePhotoCamera(carMask(height, yaw), { focalPx: F, centreX: CX });
    const low = read(0.8), standing = read(1.4), high = read(1.9);
    for (const estimate of [low, standing, high]) {
      expect(estimate.from).toBe('ground-lines');
      // The horizon the two ground lines meet on is the camera's own (row CY), within a few rows.
      expect(Math.abs(estimate.horizonRow! - CY)).toBeLessThan(25);
    }
    expect(low.height).toBeLessThan(standing.height - 0.3);
    expect(standing.height).toBeLessThan(high.height - 0.2);
    // Within about a fifth of the truth (the car is taken as 1.5 m tall and its box is taller than that in a corner view).
    expect(low.height).toBeGreaterThan(0.6);
    expect(low.height).toBeLessThan(1.0);
    expect(standing.height).toBeGreaterThan(1.15);
    expect(standing.height).toBeLessThan(1.65);
    // Less square corners too.
    expect(read(0.8, 30).height).toBeLessThan(read(1.6, 30).height - 0.4);
    expect(read(0.8, 60).height).toBeLessThan(read(1.6, 60).height - 0.4);
  });

  it('clamps to what a photographer does, and keeps the standing height where it cannot read two ground lines', () => {
    expect(estimatePhotoCamera(carMask(4), { focalPx: F, centreX: CX }).height).toBe(CAMERA_HEIGHT_RANGE[1]);
    expect(estimatePhotoCamera(carMask(0.15), { focalPx: F, centreX: CX }).height).toBe(CAMERA_HEIGHT_RANGE[0]);
    // A long shadow on the ground behind the car kept in the cut-out: its far corner is taken for a tyre, and the
    // footprint that implies is no car's (a line of 5 m), so the photo keeps the standing height.
    expect(estimatePhotoCamera(carMask(1.4, 45, 8, [[2.2, 6, -0.9, 0.9, 0, 0.02]]), { focalPx: F, centreX: CX })).toEqual({ height: CAMERA_HEIGHT, from: 'default' });
    // A side view: one level ground line, nothing to read.
    expect(estimatePhotoCamera(carMask(0.8, 90), { focalPx: F, centreX: CX })).toEqual({ height: CAMERA_HEIGHT, from: 'default' });
    // Only a corner view is read on the stage; a front, rear or side keeps the standing height.
    expect(cameraHeightOnStage(carMask(0.8), false, 1, W)).toBe(CAMERA_HEIGHT);
    // On the stage the reading is weighed half and half with the standing height: lower for a low shot, higher for a
    // high one, never a full misreading's jump.
    const [low, high] = [0.8, 1.9].map((h) => cameraHeightOnStage(carMask(h), true, 1, W));
    expect(low).toBeLessThan(CAMERA_HEIGHT - 0.1);
    expect(high).toBeGreaterThan(CAMERA_HEIGHT + 0.1);
    const reading = estimatePhotoCamera(carMask(0.8), { focalPx: focalPxFor(W), centreX: (carMask(0.8).box.left + carMask(0.8).box.right) / 2 }).height;
    expect(low).toBeCloseTo(CAMERA_HEIGHT + READING_WEIGHT * (reading - CAMERA_HEIGHT), 1);
    // Rounded to 5 cm, so photos taken from about the same height share one rendered room.
    expect(Math.round(low! * 20)).toBeCloseTo(low! * 20, 9);
  });
});
