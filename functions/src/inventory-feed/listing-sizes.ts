/**
 * The listing sizes of a studio image (issue 41, item 4) as the feed and the shared car's images ask for them, without
 * the image library: the handlers that make them wire `ListingImage` (image-sizes.ts, sharp from the native image
 * layer); the others (the feed itself, the shared car's page) never load sharp.
 */
import type { FeedImageSize } from '@shared/schemas/inventory-feed';

export type DerivedSize = Exclude<FeedImageSize, 'full'>;

/** One derived size of a rendered image (by its key): made on first request and kept. */
export type ListingImage = (renderedKey: string, size: DerivedSize) => Promise<Buffer>;

/** Where a derived size of a rendered image is kept: beside it, in the folder of its attempt. */
export const derivedSizeKey = (renderedKey: string, size: DerivedSize) => `${renderedKey.slice(0, renderedKey.lastIndexOf('/'))}/sizes/${size}.jpg`;

export const isDerivedSize = (size: string): size is DerivedSize => size === '1024' || size === '640x480';

/** Refuses plainly when a handler asks for a listing size it was not wired to make. */
export function listingImageOf(make: ListingImage | undefined): ListingImage {
  if (!make) throw new Error('This handler makes no listing sizes (wire image-sizes.ts listingImages)');
  return make;
}
