/** Places the dealer's logo in the bottom-right corner of a finished image. */
import sharp, { type Sharp } from 'sharp';

export async function placeLogo(image: Sharp, width: number, height: number, logo: Buffer): Promise<Buffer | undefined> {
  try {
    const mark = await sharp(logo, { limitInputPixels: 4_000_000 }).resize(200, 100, { fit: 'inside', withoutEnlargement: true }).png().toBuffer({ resolveWithObject: true });
    return await image.composite([{ input: mark.data, left: width - mark.info.width - 36, top: height - mark.info.height - 32 }]).removeAlpha().raw().toBuffer();
  } catch {
    return undefined;
  }
}
