/** GET /api/images: My Images, the dealer's successfully rendered studio images (car packages and batches). */
import { isAngle } from '@shared/angles';
import type { ListImagesResponse, StudioImage } from '@shared/schemas/images';
import type { ImageLinks, RenderedImageIndex } from './ports';
import type { RenderedImageRecord } from './rendered-image';

export interface ImageDeps {
  index: RenderedImageIndex;
  links: ImageLinks;
}

export async function imageView(record: RenderedImageRecord, links: ImageLinks): Promise<StudioImage> {
  const [web_url, rendered_url, original_url] = await Promise.all([links.render(record.web_key), links.render(record.rendered_key), links.upload(record.original_key)]);
  return {
    id: record.image_id,
    source: record.source,
    source_id: record.source_id,
    label: record.label,
    angle: isAngle(record.angle) ? record.angle : null,
    background: record.background as StudioImage['background'],
    model: record.model,
    created_at: record.completed_at,
    web_url,
    rendered_url,
    original_url,
  };
}

/** Only the caller's own images: the index is read in the caller's partition, whatever the cursor says. */
export async function listImages(deps: ImageDeps, sub: string, limit: number, cursor?: string): Promise<ListImagesResponse> {
  const { images, nextCursor } = await deps.index.newest(sub, limit, cursor);
  return { images: await Promise.all(images.map((i) => imageView(i, deps.links))), next_cursor: nextCursor };
}
