/**
 * `npm run test:durations`: writes each file's wall time from the last full run (test-results/test-durations.json,
 * written by the summary reporter) into tests/support/test-durations.json, the order the sequencer runs files in.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DURATIONS_FILE } from './longest-first-sequencer';
import { REPORT_FILE, type FileDuration } from './summary-reporter';

const report = JSON.parse(readFileSync(resolve(import.meta.dirname, '../..', REPORT_FILE), 'utf8')) as { files: FileDuration[] };
const seconds = Object.fromEntries(
  [...report.files].sort((a, b) => a.file.localeCompare(b.file)).map((f) => [f.file, Math.round(f.wallMs / 100) / 10]),
);
writeFileSync(DURATIONS_FILE, `${JSON.stringify(seconds, null, 1)}\n`);
console.log(`${Object.keys(seconds).length} files written to ${DURATIONS_FILE}`);
