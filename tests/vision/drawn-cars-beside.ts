/**
 * The drawn street of the side-by-side other-car tests (other-car-paint-measure, other-car-wide-main-box): a 640 x 400
 * frame, sky over ground, the colours of the red and the blue car, and a brush that paints a pixel with a little fixed
 * grain (a flat colour has no edges for the split to follow) and marks which car it belongs to (0 none, 1 red, 2 blue).
 */
export const W = 640;
export const H = 400;
export const RED = [196, 32, 30];
export const BLUE = [30, 40, 170];
export const BLACK = [26, 26, 28];
export const GLASS = [70, 74, 80];
export const SKY = [150, 150, 140];
export const GROUND = [110, 104, 98];

/** A fresh street: the picture, who owns each pixel, and the brush; sky above row 250, ground below. */
export function street() {
  const rgb = new Uint8Array(W * H * 3);
  const car = new Uint8Array(W * H);
  const put = (x: number, y: number, c: number[], who: number) => (rgb.set(c.map((v) => Math.max(0, Math.min(255, v + (((x * 7 + y * 13) % 5) - 2)))), 3 * (y * W + x)), (car[y * W + x] = who));
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) put(x, y, y < 250 ? SKY : GROUND, 0);
  return { rgb, car, put };
}
