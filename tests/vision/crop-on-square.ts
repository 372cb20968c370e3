/**
 * For detector stand-ins in the square-look tests (functions/src/vision/local/local-vision.ts, `lookCloser`'s
 * `square`): where a crop of `crop` pixels lies on the square of `side` it is centred on, as fractions of that square,
 * worked out here on its own rather than read from the code under test.
 */
import type { NormBox } from '../../functions/src/vision/port';

export function cropOnSquare(side: number, [width, height]: [number, number]): NormBox {
  const left = (side - width) / 2 / side;
  const top = (side - height) / 2 / side;
  return { left, top, right: left + width / side, bottom: top + height / side };
}
