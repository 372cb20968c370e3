/**
 * The car's number plate as text, for the same-car comparison (shared/same-car.ts platesDiffer): the product's plate
 * finder (renderer/text/plates.ts findPlates) on the car's lower part, then one reading (plate-reader.ts) of its most
 * plate-like lettering joined with the lettering on its line. Kept only when it reads like a plate and the recogniser
 * was sure of every character: a badge, a model name or a half-read plate is no identity.
 */
import { findPlates } from '../../renderer/text/plates';
import type { TextBox } from '../../renderer/text/text-detector';
import { readLine, type Box } from './plate-reader';

/**
 * Fewest characters a kept plate has: plates carry 5 to 8 (BR and most EU 7, US 5 to 7); fewer is a half-read plate or
 * a badge (docs/benchmarks/same-car.md, "Same car: the plate's text").
 */
export const MIN_PLATE_CHARS = 5;
/** Most characters a kept plate has (plates carry at most 8; a long vanity plate 10): longer is a line of other text. */
export const MAX_PLATE_CHARS = 10;
/**
 * Fewest digits a kept plate has: a model badge can carry one ("IONIQ5" was read surely off an Ioniq 5's tailgate) and
 * would flag the same car's photo whose real plate reads; plates with one digit are rare and only lose the cue.
 */
export const MIN_PLATE_DIGITS = 2;
/**
 * Every character read at least this sure (the recogniser's probability): on the lot photos a higher bar keeps fewer
 * plates without keeping fewer wrong ones (its misreadings are cut-off plates read surely); this one drops the unsure.
 */
export const MIN_CHAR_CONFIDENCE = 0.5;

/** Letters and digits only, upper case: a plate's separators (a dash, a dot, a space) are read or not. */
export const plateChars = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * A reading kept as the plate: 5 to 10 letters and digits (the check's schema), at least two digits (model names and
 * badges, "KADJAR", "ALTIS", "IONIQ5", have fewer), nothing else read (another script's characters are a misreading), every character sure.
 */
export function plateFromReading(text: string, confidences: readonly number[]): string | null {
  const kept = text.replace(/[\s·.\-]/g, '');
  if (!/^[A-Za-z0-9]+$/.test(kept)) return null;
  const chars = plateChars(kept);
  if (chars.length < MIN_PLATE_CHARS || chars.length > MAX_PLATE_CHARS || (chars.match(/[0-9]/g)?.length ?? 0) < MIN_PLATE_DIGITS) return null;
  if (confidences.some((c) => c < MIN_CHAR_CONFIDENCE)) return null;
  return chars;
}

/** The box joined with the boxes on its line (the detector reads "EMR 7094" as two words). */
export function lineOf(top: Box, all: readonly Box[]): Box {
  let box: Box = { x: top.x, y: top.y, width: top.width, height: top.height };
  for (let grew = true; grew; ) {
    grew = false;
    for (const b of all) {
      const sameLine = Math.abs(b.y + b.height / 2 - (box.y + box.height / 2)) < box.height / 2 && b.height > 0.6 * box.height && b.height < 1.6 * box.height;
      const gap = Math.max(b.x - (box.x + box.width), box.x - (b.x + b.width));
      const inside = b.x >= box.x && b.x + b.width <= box.x + box.width;
      if (!sameLine || inside || gap > 1.5 * box.height) continue;
      const x = Math.min(box.x, b.x);
      const y = Math.min(box.y, b.y);
      box = { x, y, width: Math.max(box.x + box.width, b.x + b.width) - x, height: Math.max(box.y + box.height, b.y + b.height) - y };
      grew = true;
    }
  }
  return box;
}

/** The plate's text of the car whose cut-out is `alpha` (0..255 at the photo's size), or null when none reads as a plate. */
export async function carPlateText(photo: { rgb: Buffer; width: number; height: number }, alpha: Uint8Array, found?: TextBox[]): Promise<string | null> {
  const plates = found ?? (await findPlates({ ...photo, carAlpha: alpha }));
  const top = plates[0];
  if (!top) return null;
  const reading = await readLine(photo.rgb, photo.width, photo.height, lineOf(top, plates));
  return plateFromReading(reading.text, reading.confidences);
}
