/** What the Sunset test (sunset-look.test.ts) reads off a rendered image: the sky's colour, the sun, the car's warmth. */

/** Over the rows from `top` to `bottom` of a raw RGB image: mean red minus blue (levels) and mean HSV saturation. */
export function skyColour(rgb: Buffer, W: number, top: number, bottom: number): { warmth: number; saturation: number } {
  let warmth = 0, saturation = 0, n = 0;
  for (let y = Math.max(0, Math.round(top)); y < Math.round(bottom); y++)
    for (let x = 0; x < W; x += 2) {
      const i = 3 * (y * W + x);
      const r = rgb[i]!, g = rgb[i + 1]!, b = rgb[i + 2]!;
      const max = Math.max(r, g, b), min = Math.min(r, g, b);
      warmth += r - b;
      saturation += max > 0 ? (max - min) / max : 0;
      n++;
    }
  return { warmth: warmth / n, saturation: saturation / n };
}

/**
 * The sun as the picture shows it, over the rows above `horizonRow` outside the car: the brightest 15-pixel disc's
 * centre and mean luma, and the glare around it (the mean luma of a ring 60-90 px out over that of a ring 300-330 px out).
 */
export function sunSpot(rgb: Buffer, alpha: Uint8Array, W: number, horizonRow: number): { x: number; y: number; luma: number; glare: number } {
  const luma = (x: number, y: number) => 0.2126 * rgb[3 * (y * W + x)]! + 0.7152 * rgb[3 * (y * W + x) + 1]! + 0.0722 * rgb[3 * (y * W + x) + 2]!;
  const H = alpha.length / W;
  const ring = (cx: number, cy: number, r0: number, r1: number) => {
    let s = 0, n = 0;
    for (let y = Math.max(0, cy - r1); y <= Math.min(H - 1, cy + r1); y += 2)
      for (let x = Math.max(0, cx - r1); x <= Math.min(W - 1, cx + r1); x += 2) {
        const d = Math.hypot(x - cx, y - cy);
        if (d >= r0 && d <= r1 && alpha[y * W + x] === 0) (s += luma(x, y)), n++;
      }
    return n ? s / n : 0;
  };
  let best = { x: 0, y: 0, luma: -1 };
  for (let y = 16; y < horizonRow - 16; y += 8)
    for (let x = 16; x < W - 16; x += 8) {
      if (alpha[y * W + x] !== 0) continue;
      const l = ring(x, y, 0, 15);
      if (l > best.luma) best = { x, y, luma: l };
    }
  return { ...best, glare: ring(best.x, best.y, 60, 90) / Math.max(1, ring(best.x, best.y, 300, 330)) };
}

/** Over the car's own pixels (alpha over 200) in its left and right thirds: mean red minus blue. */
export function carEnds(rgb: Buffer, alpha: Uint8Array, W: number): [number, number] {
  let minX = W, maxX = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! > 200) (minX = Math.min(minX, i % W)), (maxX = Math.max(maxX, i % W));
  const third = (maxX - minX) / 3;
  const acc = [0, 0], n = [0, 0];
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i]! <= 200) continue;
    const x = i % W, end = x < minX + third ? 0 : x > maxX - third ? 1 : -1;
    if (end < 0) continue;
    acc[end] = acc[end]! + rgb[3 * i]! - rgb[3 * i + 2]!;
    n[end] = n[end]! + 1;
  }
  return [acc[0]! / n[0]!, acc[1]! / n[1]!];
}
