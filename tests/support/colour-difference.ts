/** Colour differences as a viewer sees them: sRGB pixels to CIELAB (D65) and the CIE 1976 ΔE between them. */

const linear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);

export function srgbToLab(r: number, g: number, b: number): [number, number, number] {
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const x = (0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / 0.95047;
  const y = 0.2126729 * R + 0.7151522 * G + 0.072175 * B;
  const z = (0.0193339 * R + 0.119192 * G + 0.9503041 * B) / 1.08883;
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/**
 * The mean CIE76 ΔE of two RGB images of one size (3 channels), over the pixels `where` keeps (every 2nd pixel
 * of every 2nd row: plenty for a mean). About 2.3 is the smallest difference a viewer notices side by side.
 */
export function meanDeltaE(a: Buffer, b: Buffer, width: number, height: number, where: (x: number, y: number) => boolean = () => true): number {
  if (a.length !== b.length || a.length !== width * height * 3) throw new Error('images differ in size');
  let sum = 0;
  let n = 0;
  for (let y = 0; y < height; y += 2)
    for (let x = 0; x < width; x += 2) {
      if (!where(x, y)) continue;
      const i = 3 * (y * width + x);
      const [l1, a1, b1] = srgbToLab(a[i]!, a[i + 1]!, a[i + 2]!);
      const [l2, a2, b2] = srgbToLab(b[i]!, b[i + 1]!, b[i + 2]!);
      sum += Math.hypot(l1 - l2, a1 - a2, b1 - b2);
      n++;
    }
  return n ? sum / n : 0;
}
