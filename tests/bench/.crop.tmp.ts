import sharp from 'sharp';
const [file, top, height, out] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4]), process.argv[5]!];
const meta = await sharp(file).metadata();
await sharp(file).extract({ left: 0, top, width: meta.width!, height: Math.min(height, meta.height! - top) }).toFile(out);
