/**
 * A drawn side view and a plain grey scene with a given light, for the tests of the car's light (white-car-light,
 * sunset-light): no scene library, cheap.
 */
import type { BackdropLight, SceneSource } from '../../functions/src/renderer/local/compositor';
import type { DecodedPhoto } from '../../functions/src/renderer/photo-validation';
import type { CleanMask } from '../../functions/src/renderer/cutout/mask-cleanup';

export const W = 768, H = 512;

/** A side view 300 x 120 of one paint, lit from above (the top rows brightest), on dark tyres. */
export function drawnCar(paint: [number, number, number]): { photo: DecodedPhoto; mask: CleanMask } {
  const w = 400, h = 200;
  const rgb = Buffer.alloc(w * h * 3, 90);
  const alpha = new Uint8Array(w * h);
  for (let y = 50; y < 170; y++)
    for (let x = 50; x < 350; x++) {
      const i = y * w + x;
      alpha[i] = 255;
      const tyre = y > 140 && ((x > 80 && x < 130) || (x > 270 && x < 320));
      const shade = 1 - (0.25 * (y - 50)) / 120;
      for (let c = 0; c < 3; c++) rgb[3 * i + c] = tyre ? 20 : Math.round(paint[c]! * shade);
    }
  return {
    photo: { type: 'jpeg', originalWidth: w, originalHeight: h, rgb, width: w, height: h },
    mask: { alpha, width: w, height: h, box: { left: 50, top: 50, right: 350, bottom: 170 }, areaFraction: 0.45, removedFraction: 0 },
  };
}

/** A plain grey W x H scene lit by `light`. */
export function scene(light: BackdropLight): SceneSource {
  return {
    width: W,
    height: H,
    floorY: 430,
    draw: async () => ({
      rgb: Buffer.alloc(W * H * 3, 128),
      shadowStrength: 0.5,
      reflection: 0,
      light,
      scene: { id: 'drawn', label: 'drawn', yaw: 0, azimuth: 0, horizonRow: 200, groundRow: 430, focalPx: 700, cameraHeight: 1.4, carDistance: 6 },
    }),
  };
}
