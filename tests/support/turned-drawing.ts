/**
 * A drawn car turned about the frame's centre, as a photo and its cut-out: the levelling tests draw a level car with
 * `draw(x, y)` (inside the car or not, and the grey there) and turn it `tilt` degrees clockwise.
 */
import { solidExtent } from '../../functions/src/renderer/cutout/mask-cleanup';

export function turnedDrawing(width: number, height: number, tilt: number, draw: (x: number, y: number) => [boolean, number]) {
  const a = (tilt * Math.PI) / 180, cos = Math.cos(a), sin = Math.sin(a);
  const alpha = new Uint8Array(width * height), rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // The level drawing's point that the turn brings here.
      const dx = x - width / 2, dy = y - height / 2;
      const [car, lum] = draw(width / 2 + dx * cos + dy * sin, height / 2 - dx * sin + dy * cos);
      alpha[y * width + x] = car ? 255 : 0;
      rgb.fill(Math.round(lum), 3 * (y * width + x), 3 * (y * width + x) + 3);
    }
  const { box, area } = solidExtent(alpha, width, height);
  return {
    photo: { type: 'jpeg' as const, originalWidth: width, originalHeight: height, rgb, width, height },
    mask: { alpha, width, height, box, areaFraction: area / (width * height), removedFraction: 0 },
  };
}
