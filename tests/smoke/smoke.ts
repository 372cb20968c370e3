/** npm run smoke -- <site url>: the checks of a deployed stage (tests/smoke/smoke-checks.ts); exit 1 when one fails. */
import { runSmokeChecks } from './smoke-checks';

const url = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!url || !/^https?:\/\//.test(url)) {
  console.error('usage: npm run smoke -- <site url>   (e.g. https://d1234abcd.cloudfront.net, or http://localhost:3000)');
  process.exit(2);
}
const results = await runSmokeChecks(url);
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name}: ${r.detail}`);
const failed = results.filter((r) => !r.ok).length;
console.log(failed ? `\nsmoke: ${failed} of ${results.length} checks failed on ${url}` : `\nsmoke: all ${results.length} checks passed on ${url}`);
process.exit(failed ? 1 : 0);
