/**
 * npm run sheet -- <photos...> --style <style> [--out sheet.jpg] [--scene <id>] [--width 1600]
 * A contact sheet for reviewers, from the local compositor: each photo beside its studio image, then the package's
 * eight angles in walk-around order (front, front right corner, right side, ... front left corner), each labelled
 * with its scene and camera direction; angles no photo can give are shown as such.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { ANGLE_LABELS, type Angle } from '@shared/angles';
import { BACKGROUNDS, BACKGROUND_LABELS, DEFAULT_BACKGROUND, isBackground, isOutdoorBackground } from '@shared/backgrounds';
import { preparePhotos, renderPrepared, renderPreparedPackage } from './local/local-renderer';
import { ANGLE_AZIMUTH } from './scenes/scene-backdrop';
import { pickScene, sceneById, sceneChoice } from './scenes/scene-manifest';
import { scenesDir } from './scenes/scene-library';
import type { RenderedImage, SceneChoice } from './port';

const WALK: Angle[] = (Object.keys(ANGLE_AZIMUTH) as Angle[]).sort((a, b) => ANGLE_AZIMUTH[a] - ANGLE_AZIMUTH[b]);

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function tile(image: Buffer | undefined, label: string, w: number, h: number): Promise<Buffer> {
  const caption = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="22"><rect width="${w}" height="22" fill="#000" opacity="0.6"/><text x="6" y="16" font-family="sans-serif" font-size="13" fill="#fff">${escape(label)}</text></svg>`,
  );
  const base = image
    ? sharp(image).resize(w, h, { fit: 'contain', background: '#222' })
    : sharp({ create: { width: w, height: h, channels: 3, background: '#3a3a3a' } });
  return base.composite([{ input: caption, left: 0, top: 0 }]).jpeg().toBuffer();
}

function sceneLabel(image: RenderedImage): string {
  const s = image.metadata.scene;
  if (!s) return 'no scene';
  return s.id === 'original' ? s.label : `${s.label} (${s.id}), camera ${Math.round(s.yaw)}°`;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      style: { type: 'string', default: DEFAULT_BACKGROUND },
      out: { type: 'string' },
      scene: { type: 'string' },
      width: { type: 'string', default: '1600' },
    },
  });
  if (positionals.length === 0) {
    console.error('Usage: npm run sheet -- <photos...> --style <style> [--out sheet.jpg] [--scene <id>] [--width 1600]');
    return 2;
  }
  if (!isBackground(values.style)) {
    console.error(`Unknown style "${values.style}". Choose one of: ${BACKGROUNDS.join(', ')}`);
    return 2;
  }
  const style = values.style;
  let scene: SceneChoice | undefined = pickScene(style, positionals.join('|'));
  if (values.scene) {
    const found = sceneById(values.scene);
    if (!found || found.style !== style) {
      console.error(`Unknown scene "${values.scene}" for ${style}.`);
      return 2;
    }
    scene = sceneChoice(found);
  }
  if (isOutdoorBackground(style) && !scenesDir()) {
    console.error(`SCENES_DIR is not set: ${BACKGROUND_LABELS[style]} needs the scene library (npm run scenes:fetch).`);
    return 2;
  }
  const width = Math.max(800, Number(values.width) || 1600);
  const cols = 4;
  const w = Math.floor(width / cols), h = Math.round((w * 2) / 3);

  const photos = await Promise.all(positionals.map(async (path) => ({ id: basename(path), bytes: await readFile(path) })));
  const prepared = await preparePhotos(photos);
  const tiles: Buffer[] = [];
  // Each photo beside its own studio image.
  for (const p of prepared) {
    const image = await renderPrepared([p], p.angle, style, undefined, scene);
    tiles.push(await tile(p.source.bytes, `${p.source.id} (${ANGLE_LABELS[p.angle]})`, w, h));
    tiles.push(await tile(image.full, `${BACKGROUND_LABELS[style]}: ${sceneLabel(image)}`, w, h));
  }
  while (tiles.length % cols) tiles.push(await tile(undefined, '', w, h));
  // The package's eight angles, walking around the car.
  const result = await renderPreparedPackage(prepared, { background: style, ...(scene ? { scene } : {}) });
  for (const angle of WALK) {
    const image = result.images.find((i) => i.metadata.angle === angle);
    const missing = result.unavailable.find((u) => u.angle === angle);
    const label = image
      ? `${ANGLE_LABELS[angle]}${image.metadata.mirrored ? ' (mirrored)' : ''}: ${sceneLabel(image)}`
      : `${ANGLE_LABELS[angle]}: ${missing?.reason ?? 'not rendered'}`;
    tiles.push(await tile(image?.full, label, w, h));
  }
  const rows = Math.ceil(tiles.length / cols);
  const sheet = await sharp({ create: { width: cols * w, height: rows * h, channels: 3, background: '#111' } })
    .composite(tiles.map((input, i) => ({ input, left: (i % cols) * w, top: Math.floor(i / cols) * h })))
    .jpeg({ quality: 85 })
    .toBuffer();
  const out = values.out ?? `sheet-${style}.jpg`;
  await writeFile(out, sheet);
  console.log(`${out}: ${prepared.length} photo(s), ${result.images.length} of 8 angles${scene ? `, scene ${scene.id}` : ''}`);
  return 0;
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
