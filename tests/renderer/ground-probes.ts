/** What the grounding tests (ground-shade, ground-contact, ground-levelling) read off a rendered image and its car mask. */

/** Per column of the output, the car's lowest opaque row (-1 where it has none). */
export function lowestRows(alpha: Uint8Array, W: number, H: number): Int32Array {
  const lowest = new Int32Array(W).fill(-1);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (alpha[y * W + x]! >= 128) lowest[x] = y;
  return lowest;
}

/** The luma (Rec. 709) of pixel (x, y) of a raw RGB image `W` pixels wide. */
export const lumaOf = (data: Buffer, W: number) => (x: number, y: number) => 0.2126 * data[3 * (y * W + x)]! + 0.7152 * data[3 * (y * W + x) + 1]! + 0.0722 * data[3 * (y * W + x) + 2]!;
