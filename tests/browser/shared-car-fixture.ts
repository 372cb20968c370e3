import { mkdir } from 'node:fs/promises';

/**
 * The car both sides of "a car page that sells" use (shared-car-buyer and shared-car-contact): its name, VIN, stock
 * number and the dealer's contact, and a package of it rendered by the real workflow definition with the scripted
 * renderer (8 angles and their video). Imported after useLocalHost(), like the harness it uses.
 */
const h = await import('../support/car-package-harness');
const { startCarPackage } = await import('../../functions/src/car-packages/start-package');

export const SHOTS = 'test-results/shared-car-contact';
await mkdir(SHOTS, { recursive: true });
export const VIN = '1HGCM82633A004352';
export const STOCK_NUMBER = 'HC-2003/17';
export const CAR = 'Harbour 2003 Honda Accord';
export const PHONE = '+44 (0)20 7946-0000';
export const MAIL = 'sales@harbour-cars.example';
export const ADDRESS = '1 Quay Street\nBristol BS1 4DJ';

/** The dealer's finished package of the car: every angle rendered, the video made. Returns its id. */
export async function finishedCarPackage(sfn: import('../support/car-package-harness').TestStepFunctions, sub: string): Promise<string> {
  const w = await h.scriptedWorkflow(sfn, {});
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(sub, h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })), CAR, { vin: VIN, stock_number: STOCK_NUMBER });
  await startCarPackage(w.packageDeps, sub, id);
  await w.settle();
  return id;
}
