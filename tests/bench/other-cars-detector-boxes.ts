/**
 * Scratch: the detector's boxes for each photo given (the main car's box, other cars', the main car's weak boxes), as
 * JSON lines, so a rule on boxes alone (other-cars.ts, wide-main-box.ts) can be counted over many photos in seconds.
 * `npx tsx tests/bench/other-cars-detector-boxes.ts <photos…> > boxes.jsonl`. Local only.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { decodePhoto } from '../../functions/src/renderer/photo-validation';
import { checkCars } from '../../functions/src/vision/car-check';
import { CenterNetDetector } from '../../functions/src/vision/local/centernet-detector';

const detector = new CenterNetDetector();
await detector.warmUp();
for (const file of process.argv.slice(2)) {
  let photo;
  try { photo = await decodePhoto(readFileSync(file), basename(file)); } catch { continue; }
  const check = checkCars(await detector.detectVehicles(photo));
  console.log(JSON.stringify(check.ok ? { file: basename(file), main: check.main.box, others: check.others.map((o) => o.box), nearby: check.main.nearby ?? [] } : { file: basename(file), refused: check.reason }));
}
