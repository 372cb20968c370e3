import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANGLES, ANGLE_LABELS } from '@shared/angles';
import { listImagesResponseSchema, type StudioImage } from '@shared/schemas/images';
import { useLocalHost } from '../support/local-host';

/**
 * My Images (GET /api/images) through its real handler, against the shared host's DynamoDB and S3: car packages
 * rendered by the real workflow definition (scripted renderer) put each finished angle on the rendered-image index
 * with the full RenderedImageRecord; the list is the caller's own, newest first, page by page, with working links.
 */
useLocalHost();
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');
const { dynamo, tableName } = await import('../../functions/src/adapters/dynamodb/client');
const { keys } = await import('../../functions/src/adapters/dynamodb/keys');

const sfn = await h.TestStepFunctions.start();
afterAll(() => sfn.close());

const list = (dealer: { sub: string; email: string }, query: Record<string, string> = {}) => h.invokeRoute('GET /api/images', { user: dealer, query });

/** Every page of the dealer's images, `limit` at a time. */
async function allPages(dealer: { sub: string; email: string }, limit: number) {
  const pages: StudioImage[][] = [];
  let cursor: string | null = null;
  do {
    const res = await list(dealer, { limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = listImagesResponseSchema.parse(res.body);
    pages.push(page.images);
    cursor = page.next_cursor;
  } while (cursor && pages.length < 20);
  return pages.filter((p) => p.length > 0);
}

/** A finished package of the dealer: photos tagged so that all 8 angles render. */
async function finishedPackage(w: Awaited<ReturnType<typeof h.scriptedWorkflow>>, sub: string, name: string) {
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), name);
  await startCarPackage(w.packageDeps, sub, id);
  await w.settle();
  const found = await h.packageOf(id);
  expect(h.anglesWith(found, 'completed')).toEqual([...ANGLES].sort());
  return { id, found };
}

describe('My Images: GET /api/images', () => {
  let owner: { sub: string; email: string };
  let first: Awaited<ReturnType<typeof finishedPackage>>;
  let second: Awaited<ReturnType<typeof finishedPackage>>;
  beforeAll(async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    owner = await h.newDealer('images');
    first = await finishedPackage(w, owner.sub, 'Images 2019 BMW X3');
    second = await finishedPackage(w, owner.sub, 'Images 2021 Cupra Born');
  }, 120_000);

  it('a completed angle carries the full RenderedImageRecord on the index', async () => {
    const pkg = first.found.pkg;
    for (const image of first.found.images) {
      const item = (await dynamo().send(new GetCommand({ TableName: tableName(), Key: keys.carPackageImage(pkg.id, image.angle) }))).Item!;
      const source = pkg.photos.find((p) => p.id === image.source_photo_id)!;
      expect(source, image.angle).toBeDefined();
      expect(item).toMatchObject({
        image_id: `${pkg.id}-${image.angle}`,
        source: 'car_package',
        source_id: pkg.id,
        label: ANGLE_LABELS[image.angle],
        angle: image.angle,
        rendered_key: image.rendered_key,
        web_key: image.web_key,
        original_key: source.key,
        background: 'studio',
        model: image.model,
        completed_at: image.completed_at,
        ...keys.renderedImageIndex(owner.sub, image.completed_at!, `${pkg.id}-${image.angle}`),
      });
      expect(source.key.startsWith(`car-packages/${owner.sub}/${pkg.id}/photos/`)).toBe(true);
    }
  });

  it('lists both packages\' 16 angles newest first, page by page, each once, with links that work', async () => {
    const pages = await allPages(owner, 5);
    expect(pages.map((p) => p.length)).toEqual([5, 5, 5, 1]);
    const images = pages.flat();
    expect(new Set(images.map((i) => i.id)).size).toBe(16);
    // Newest first: the index sorts by completion time, then image id.
    const order = images.map((i) => `${i.created_at}#${i.id}`);
    expect(order).toEqual([...order].sort().reverse());
    // The second package finished after the first: all its images come first.
    expect(images.slice(0, 8).every((i) => i.source_id === second.id)).toBe(true);
    expect(images.slice(8).every((i) => i.source_id === first.id)).toBe(true);
    for (const image of images) {
      const angle = image.angle!;
      expect(image).toMatchObject({ source: 'car_package', label: ANGLE_LABELS[angle], background: 'studio' });
      const stored = (image.source_id === first.id ? first : second).found.images.find((i) => i.angle === angle)!;
      expect(image.created_at).toBe(stored.completed_at);
    }
    // The links: the full JPEG (named for the download), the web WebP and the dealer's own photo.
    const image = images.find((i) => i.source_id === first.id && i.angle === 'front')!;
    const [full, web, original] = await Promise.all([fetch(image.rendered_url), fetch(image.web_url), fetch(image.original_url)]);
    expect([full.status, web.status, original.status]).toEqual([200, 200, 200]);
    expect(Buffer.from(await full.arrayBuffer()).subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(Buffer.from(await web.arrayBuffer()).subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(Buffer.from(await original.arrayBuffer()).equals(await h.carPhoto())).toBe(true);
    expect(new URL(image.rendered_url).pathname.split('/').at(-1)).toBe('images-2019-bmw-x3-front.jpg');
  });

  it('another dealer sees none of them, and cannot page with the owner\'s cursor', async () => {
    const other = await h.newDealer('images-other');
    const res = await list(other);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ images: [], next_cursor: null });

    const ownerPage = await list(owner, { limit: '2' });
    const cursor = ownerPage.body.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const stolen = await list(other, { cursor });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe('cursor is not valid');
    expect(JSON.stringify(stolen.body)).not.toContain(owner.sub);
    // A cursor pointing at the owner's partition, crafted by the other dealer: refused, not followed.
    const crafted = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), GSI1PK: `USER#${owner.sub}` })).toString('base64url');
    expect((await list(other, { cursor: crafted })).status).toBe(400);
    expect((await list(other, { cursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('a deleted package\'s images leave My Images', async () => {
    const w = await h.scriptedWorkflow(sfn, {});
    const dealer = await h.newDealer('images-delete');
    const { id } = await finishedPackage(w, dealer.sub, 'Images to delete');
    expect((await allPages(dealer, 48)).flat()).toHaveLength(8);
    const deleted = await h.invokeRoute('DELETE /api/car-packages/{id}', { user: dealer, pathParameters: { id } });
    expect(deleted.status).toBe(200);
    expect(await allPages(dealer, 48)).toEqual([]);
  });

  it('bad paging input is refused with a clear message', async () => {
    const res = await list(owner, { limit: '0' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('limit must be at least 1');
    expect((await list(owner, { limit: '49' })).status).toBe(400);
    expect((await h.invokeRoute('GET /api/images', {})).status).toBe(401);
  });
});
