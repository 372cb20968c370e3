/**
 * A car's VIN and stock number (issue 41, item 1): the rules the form, the app's API and the public API share.
 *
 * A VIN is 17 letters and digits without I, O or Q (ISO 3779). North American VINs (first character 1 to 5: the US,
 * Canada, Mexico) carry a check digit in position 9 (49 CFR 565.15); a wrong one is a warning, not a refusal: other
 * markets do not use it, and a dealer may well have the right VIN with a typing error elsewhere. Decoding the VIN to
 * year, make and model needs the NHTSA vPIC data and runs on the server (functions/src/vin/).
 */
import { z } from 'zod';
import { INVENTORY_MESSAGES } from './messages';

export const VIN_LENGTH = 17;
export const STOCK_NUMBER_MAX = 32;
/** The gallery search matches a VIN by its last 6 characters too (the serial number dealers say aloud). */
export const VIN_TAIL_LENGTH = 6;

/** Letter values of the check digit (49 CFR 565.15, table IV); digits count as themselves. */
const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** How a VIN is written for comparison: upper case, without spaces or dashes a dealer may type between groups. */
export const normaliseVin = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase();

/** The check digit this VIN's other 16 characters call for ("0" to "9" or "X"). Expects a well-formed VIN. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i]!;
    sum += (/[0-9]/.test(c) ? Number(c) : (TRANSLITERATION[c] ?? 0)) * WEIGHTS[i]!;
  }
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/** North American VINs (made for the US, Canada or Mexico: first character 1 to 5) must carry a correct check digit. */
export const usesCheckDigit = (vin: string): boolean => /^[1-5]/.test(vin);

export type VinProblem = { ok: false; reason: string };
export type VinVerdict = {
  ok: true;
  vin: string;
  /** valid / wrong (a warning) / not_used (outside North America: not checked). */
  check_digit: 'valid' | 'wrong' | 'not_used';
  /** For people: why the check digit looks wrong; null otherwise. */
  warning: string | null;
};

/** A VIN as typed, checked: refused with the reason (length, characters), or accepted with its check-digit verdict. */
export function checkVin(raw: string): VinProblem | VinVerdict {
  const vin = normaliseVin(raw);
  if (vin.length !== VIN_LENGTH) return { ok: false, reason: INVENTORY_MESSAGES.vinLength(vin.length) };
  const wrong = [...new Set([...vin].filter((c) => !/[A-HJ-NPR-Z0-9]/.test(c)))];
  if (wrong.length) return { ok: false, reason: INVENTORY_MESSAGES.vinCharacters(wrong) };
  if (!usesCheckDigit(vin)) return { ok: true, vin, check_digit: 'not_used', warning: null };
  const expected = vinCheckDigit(vin);
  const actual = vin[8]!;
  return expected === actual
    ? { ok: true, vin, check_digit: 'valid', warning: null }
    : { ok: true, vin, check_digit: 'wrong', warning: INVENTORY_MESSAGES.vinCheckDigit(expected, actual) };
}

/** The check-digit warning of a stored VIN (null when it is right or not used). */
export const vinWarning = (vin: string): string | null => {
  const verdict = checkVin(vin);
  return verdict.ok ? verdict.warning : null;
};

/** A VIN field: normalised (upper case, no spaces or dashes), refused with its reason, never for its check digit. */
export const vinSchema = z
  .string({ error: 'vin must be text' })
  .transform((raw, ctx) => {
    const verdict = checkVin(raw);
    if (!verdict.ok) {
      ctx.addIssue({ code: 'custom', message: verdict.reason });
      return z.NEVER;
    }
    return verdict.vin;
  })
  .meta({ description: 'The Vehicle Identification Number: 17 letters and digits, no I, O or Q. A wrong check digit (North American VINs) is answered as a warning (vin_warning), not refused.', example: '1HGCM82633A004352' });

export const STOCK_NUMBER_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9._/-]{0,${STOCK_NUMBER_MAX - 1}}$`);

/** The dealer's stock number: as typed (trimmed), letters, digits and . _ / - . */
export const stockNumberSchema = z
  .string({ error: 'stock_number must be text' })
  .trim()
  .regex(STOCK_NUMBER_PATTERN, { error: INVENTORY_MESSAGES.stockNumberInvalid(STOCK_NUMBER_MAX) })
  .meta({ description: "The car's stock number in your dealership.", example: 'A1234' });

/** Optional in a request: absent, null or "" mean none. */
export const optionalField = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), schema.optional());

/** What the offline decoder read from a VIN (any part may be unknown). */
export const decodedVehicleSchema = z.object({
  year: z.number().int().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  trim: z.string().nullable(),
  body: z.string().nullable(),
});
export type DecodedVehicle = z.infer<typeof decodedVehicleSchema>;

/** "2003 Honda Accord EX-V6": the car's name from its decoded VIN (null when neither make nor model is known). */
export function vehicleName(v: DecodedVehicle | null | undefined): string | null {
  if (!v || (!v.make && !v.model)) return null;
  return [v.year || null, v.make, v.model, v.trim].filter(Boolean).join(' ');
}
