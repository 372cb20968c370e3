import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

/**
 * `npm run invoke -- <handler> <event.json>`: runs one handler (functions/src/handlers/<handler>.ts) with a
 * sample event against the local engines (started here on a free port, with the usual data folder), prints
 * what the handler returned and exits. Stop `npm start` first: both would use the same data folder.
 */
const [handlerName, eventFile] = process.argv.slice(2);
if (!handlerName || !eventFile) {
  console.error('Usage: npm run invoke -- <handler> <event file>   e.g. npm run invoke -- health events/http/health.json');
  process.exit(2);
}
process.env.POWERTOOLS_DEV ??= 'true';
const event = JSON.parse(await readFile(resolve(eventFile), 'utf8'));
const { startLocalHost } = await import('./host');
const { lambdaContext, loadHandler } = await import('./handler-loader');
const host = await startLocalHost({ skipSpa: true, overrides: { PORT: 0 }, log: () => undefined });
let code = 0;
try {
  const handler = await loadHandler(handlerName);
  const result = await handler(event, lambdaContext(handlerName));
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error(`${handlerName} threw:`, error);
  code = 1;
} finally {
  await host.stop();
}
process.exit(code);
