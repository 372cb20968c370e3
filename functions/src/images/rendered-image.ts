import type { Angle } from '@shared/angles';

/**
 * What every item on the rendered-image index (`keys.renderedImageIndex`, GSI1 `IMAGE#<completed_at>#<image_id>`)
 * carries, whatever produced it: a car package angle or a batch photo. My Images reads only these attributes, so a
 * new producer of studio images joins My Images by writing them when its image completes.
 */
export interface RenderedImageRecord {
  /** Unique per image: `<package id>-<angle>` or `<batch id>-<photo index>`. */
  image_id: string;
  source: 'car_package' | 'batch';
  /** The car package or batch the image belongs to. */
  source_id: string;
  /** What the dealer sees: the angle label (Front View) or, for a batch photo, its file name. */
  label: string;
  angle?: Angle;
  /** Renders bucket: the full-size JPEG and the web-size WebP. */
  rendered_key: string;
  web_key: string;
  /** Uploads bucket: the dealer's photo the image was made from. */
  original_key: string;
  background: string;
  model: string;
  completed_at: string;
}
