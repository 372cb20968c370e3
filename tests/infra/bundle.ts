/** A handler bundled as the CDK app bundles it (its esbuild options, without the map), kept in memory. */
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_OPTIONS } from '../../infra/cdk/bundling/handler-bundles';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The bundle's text and the files it was made from; `external` modules stay imports. `minify` as CDK does (a bundle
 * that is run must be: a module's own `createRequire` import then no longer meets the banner's).
 */
export async function bundle(entry: string, external: string[] = [], options: { minify?: boolean } = {}): Promise<{ text: string; inputs: string[] }> {
  const result = await build({
    ...BUNDLE_OPTIONS,
    external,
    minify: options.minify ?? false,
    sourcemap: false,
    entryPoints: [resolve(ROOT, entry)],
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return { text: result.outputFiles.map((f) => f.text).join('\n'), inputs: Object.keys(result.metafile.inputs) };
}
