/** A handler bundled as the CDK app bundles it (esbuild, ESM for Node 24, the require banner), kept in memory. */
import { resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The bundle's text and the files it was made from; `external` modules stay imports. `minify` as CDK does (a bundle
 * that is run must be: a module's own `createRequire` import then no longer meets the banner's).
 */
export async function bundle(entry: string, external: string[] = [], options: { minify?: boolean } = {}): Promise<{ text: string; inputs: string[] }> {
  const result = await build({
    external,
    minify: options.minify ?? false,
    entryPoints: [resolve(ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    write: false,
    metafile: true,
    logLevel: 'silent',
    tsconfig: resolve(ROOT, 'tsconfig.json'),
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return { text: result.outputFiles.map((f) => f.text).join('\n'), inputs: Object.keys(result.metafile.inputs) };
}
