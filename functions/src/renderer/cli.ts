/**
 * npm run render -- <photos...> --background studio --out <dir> [--angle front_left_corner] [--logo logo.png] [--package] [--mirror] [--plate keep|blur|logo] [--masks]
 * Renders each photo on its own (its own or classified angle), or with --package the angles the photos show (with
 * --mirror also the missing sides and corners, as mirror images: the package's "Fill missing sides" switch).
 * --plate blur blurs the number plate, --plate logo covers it with a plain plate carrying the --logo file (the
 * package's "Number plate" choice; keep, the default, leaves it).
 * --masks (the studio compositor) also writes, per image, <name>.cutout.png (the car's alpha over the source photo as
 * decoded, after EXIF orientation) and <name>.mask.png (the car's alpha in the output image), for review.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { isAngle } from '@shared/angles';
import { BACKGROUNDS, DEFAULT_BACKGROUND, isBackground } from '@shared/backgrounds';
import { DEFAULT_PLATE_TREATMENT, isPlateTreatment, PLATE_TREATMENTS } from '@shared/plates';
import { createRenderer } from './create-renderer';
import type { RenderedImage } from './port';
import { renderWithMasks, type MaskedImage } from './masked-render';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      background: { type: 'string', default: DEFAULT_BACKGROUND },
      out: { type: 'string', default: 'render-out' },
      angle: { type: 'string' },
      logo: { type: 'string' },
      package: { type: 'boolean', default: false },
      mirror: { type: 'boolean', default: false },
      plate: { type: 'string', default: DEFAULT_PLATE_TREATMENT },
      masks: { type: 'boolean', default: false },
    },
  });
  if (positionals.length === 0) {
    console.error('Usage: npm run render -- <photos...> --background studio --out <dir> [--angle <angle>] [--logo <file>] [--package] [--mirror] [--plate keep|blur|logo] [--masks]');
    return 2;
  }
  if (!isBackground(values.background)) {
    console.error(`Unknown background "${values.background}". Choose one of: ${BACKGROUNDS.join(', ')}`);
    return 2;
  }
  if (values.angle !== undefined && !isAngle(values.angle)) {
    console.error(`Unknown angle "${values.angle}".`);
    return 2;
  }
  const plate = values.plate;
  if (!isPlateTreatment(plate)) {
    console.error(`Unknown plate treatment "${plate}". Choose one of: ${PLATE_TREATMENTS.join(', ')}`);
    return 2;
  }
  if (plate === 'logo' && !values.logo) {
    console.error('--plate logo needs --logo <file>: the logo to put on the plate.');
    return 2;
  }
  if (values.masks && process.env.RENDERER && process.env.RENDERER !== 'local') {
    console.error('--masks needs the studio compositor (RENDERER=local): only it has the car as a layer.');
    return 2;
  }
  const background = values.background;
  const logo = values.logo ? await readFile(values.logo) : undefined;
  const renderer = createRenderer();
  await mkdir(values.out, { recursive: true });
  const save = async (name: string, image: RenderedImage, masks?: Omit<MaskedImage, 'image'>) => {
    await writeFile(join(values.out, `${name}.jpg`), image.full);
    await writeFile(join(values.out, `${name}.webp`), image.web);
    await writeFile(join(values.out, `${name}.json`), JSON.stringify(image.metadata, null, 2));
    if (masks) {
      await writeFile(join(values.out, `${name}.cutout.png`), masks.cutout);
      await writeFile(join(values.out, `${name}.mask.png`), masks.mask);
    }
  };
  const photos = await Promise.all(positionals.map(async (path) => ({ id: basename(path), bytes: await readFile(path) })));
  const plateLogo = plate === 'logo' ? logo : undefined;
  const options = { background, logo, fillMissingSides: values.mirror, plate, plateLogo };
  let failures = 0;
  if (values.package) {
    const result = values.masks ? await timedPackage(() => renderWithMasks(photos, 'package', options)) : await renderer.renderPackage({ photos, ...options });
    for (const rendered of result.images) {
      const { image, ...masks } = 'image' in rendered ? rendered : { image: rendered };
      await save(`${image.metadata.angle}-${background}`, image, 'cutout' in masks ? masks : undefined);
      console.log(`${image.metadata.angle.padEnd(20)} from ${image.metadata.sourcePhotoId}${image.metadata.mirrored ? ' (mirrored)' : ''}`);
    }
    for (const u of result.unavailable) console.log(`${u.angle.padEnd(20)} unavailable: ${u.reason}`);
    console.log(`package: ${result.images.length} angles in ${(result.totalMs / 1000).toFixed(1)} s`);
    return 0;
  }
  for (const [i, photo] of photos.entries()) {
    const started = performance.now();
    try {
      const angle = isAngle(values.angle) ? values.angle : undefined;
      const masked = values.masks ? (await renderWithMasks([angle ? { ...photo, angle } : photo], 'shown', options)).images[0] : undefined;
      if (values.masks && !masked) throw new Error('no angle could be rendered');
      const image: RenderedImage = masked
        ? masked.image
        : angle
          ? await renderer.render({ photos: [{ ...photo, angle }], angle, background, logo, plate, plateLogo })
          : await renderer.renderPackage({ photos: [photo], background, logo, plate, plateLogo }).then((r) => {
              const own = r.images.find((img) => !img.metadata.mirrored);
              if (!own) throw new Error('no angle could be rendered');
              return own;
            });
      // car.png and car.webp would both be car-<background>: the extension keeps them apart.
      const stem = basename(photo.id, extname(photo.id));
      const shared = photos.some((p) => p !== photo && basename(p.id, extname(p.id)) === stem);
      const name = `${shared ? `${stem}-${extname(photo.id).slice(1)}` : stem}-${background}`;
      await save(name, image, masked);
      console.log(`[${i + 1}/${photos.length}] ${photo.id} -> ${name}.jpg  ${image.metadata.angle}  ${((performance.now() - started) / 1000).toFixed(2)} s${image.metadata.warnings.length ? `  (${image.metadata.warnings.join(' ')})` : ''}`);
    } catch (error) {
      failures++;
      const e = error as Error;
      console.log(`[${i + 1}/${photos.length}] ${photo.id} refused: ${e.message}`);
    }
  }
  return failures ? 1 : 0;
}

/** A masked package render timed as the renderer times a package. */
async function timedPackage(run: () => ReturnType<typeof renderWithMasks>) {
  const t = performance.now();
  const result = await run();
  return { ...result, totalMs: performance.now() - t };
}

main().then((code) => process.exit(code), (error: Error) => {
  console.error(error.message);
  process.exit(1);
});
