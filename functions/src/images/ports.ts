/** Ports of My Images: where rendered images are listed from, and how their files are linked. No AWS SDK here. */
import type { RenderedImageRecord } from './rendered-image';

/** The rendered-image index (DynamoDB GSI1 in both homes). */
export interface RenderedImageIndex {
  /** The dealer's images, newest first; `cursor` is the opaque next_cursor of the previous page (checked to be theirs). */
  newest(sub: string, limit: number, cursor?: string): Promise<{ images: RenderedImageRecord[]; nextCursor: string | null }>;
}

/** Signed, short-lived GET links to the renders bucket and the uploads bucket. */
export interface ImageLinks {
  render(key: string): Promise<string>;
  upload(key: string): Promise<string>;
}
