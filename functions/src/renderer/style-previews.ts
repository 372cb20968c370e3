/**
 * The background picker's previews and the examples in docs/renderer.md: one committed photo rendered in every style, written
 * small to frontend/public/images/styles/<style>.webp and at half size to docs/scenes/<style>.jpg (the outdoor styles
 * from the scene library, so SCENES_DIR must be set):
 *   SCENES_DIR=../shared/scenes npx tsx functions/src/renderer/style-previews.ts
 * A dealer sees what a style looks like before paying. The pictures are renders of our own (the car from a CC0 photo,
 * the outdoor scenes from CC0 panoramas), with the same AI disclosure as every studio image.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { BACKGROUNDS } from '@shared/backgrounds';
import { LOCAL_MODEL, preparePhotos, renderPrepared } from './local/local-renderer';
import { sceneChoice, scenesOf } from './scenes/scene-manifest';
import { scenesDir } from './scenes/scene-library';
import { disclosureXmp } from '../content-credentials/disclosure';

const ROOT = resolve(import.meta.dirname, '../../..');
const OUT = resolve(ROOT, 'frontend/public/images/styles');
const README_OUT = resolve(ROOT, 'docs/scenes');
/** Shown at 72x48 CSS pixels: twice that for sharp screens. */
const SIZE = { width: 144, height: 96 };
const PHOTO = 'cupra-born-grey-front34-street.jpg';

if (!scenesDir()) throw new Error('Set SCENES_DIR to the scene library: the outdoor styles are rendered from it.');
await mkdir(OUT, { recursive: true });
const [prepared] = await preparePhotos([{ id: PHOTO, bytes: await readFile(resolve(ROOT, 'tests/fixtures/cars', PHOTO)) }]);
for (const style of BACKGROUNDS) {
  // Each style's first scene in the manifest: the one that shows the style best (the sunset's sea, the mountains).
  const scene = scenesOf(style)[0];
  const image = await renderPrepared([prepared!], prepared!.angle, style, undefined, scene && sceneChoice(scene));
  const preview = await sharp(image.full).resize(SIZE.width, SIZE.height).webp({ quality: 70 }).withXmp(disclosureXmp('local', LOCAL_MODEL)).toBuffer();
  await writeFile(resolve(OUT, `${style}.webp`), preview);
  await writeFile(resolve(README_OUT, `${style}.jpg`), await sharp(image.full).resize(768, 512).jpeg({ quality: 80 }).withXmp(disclosureXmp('local', LOCAL_MODEL)).toBuffer());
  console.log(`${style}: ${(preview.length / 1024).toFixed(1)} KB (${image.metadata.scene?.label ?? 'no scene'})`);
}
