// One JSON line per log entry, as CloudWatch shows them (so an error of ours is one ERROR line on the console);
// POWERTOOLS_DEV=true npm start indents them instead.
const { PortInUseError, startLocalHost } = await import('./host');
const { sceneLibraryNotice } = await import('./scene-library-notice');

/** `npm start` (and `npm run dev` with --dev): the whole product on this machine, at one URL. */
const dev = process.argv.includes('--dev');
/** --api-only: no SPA build (tests and benchmarks that only use the API; built files already there are still served). */
const skipSpa = process.argv.includes('--api-only');
const portArg = process.argv.indexOf('--port');
const overrides = portArg > 0 ? { PORT: Number(process.argv[portArg + 1]) } : {};

try {
  const started = Date.now();
  const host = await startLocalHost({ dev, skipSpa, overrides });
  console.log(`\n  Studio Lot is running (local mode) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  console.log(`  ➜  ${host.url}\n`);
  console.log(`  Mailbox: ${host.url}/_local/mailbox   Health: ${host.url}/api/health   Data: ${host.config.dataDir}\n`);
  console.log(`  ${sceneLibraryNotice()}\n`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await host.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error('\nThe local host could not start:', (error as Error).message, '\n');
  }
  process.exit(1);
}
export {};
