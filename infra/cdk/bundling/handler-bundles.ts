/**
 * The Lambda code of every handler: one esbuild run bundles all the handlers that share a set of external modules,
 * instead of one esbuild process per function. aws-lambda-nodejs's NodejsFunction starts `npx esbuild` once per
 * function, one after another (`cdk synth` of the app's 102 functions: 133 s on the 2-core machine); one build of all
 * entry points parses the modules they share once and uses every core (38 s; docs/benchmarks/test-suite.md, "Test suite"). The
 * options are NodejsFunction's for an ESM Node 24 bundle, and each function's asset is still its own folder
 * (index.mjs, its trimmed map, u2netp's thread for the compositor), hashed by its contents: the assets are byte for
 * byte the ones NodejsFunction made, with the same hashes.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { AssetHashType, DockerImage, type BundlingOptions, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { buildSync, type BuildOptions } from 'esbuild';
import { trimSourceMap, type SourceMapV3 } from './trim-source-map';

const ROOT = resolve(import.meta.dirname, '../../..');

/** esbuild's options for a function's bundle: what NodejsFunction passes for `format: ESM`, `target: node24`. */
export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  minify: true,
  sourcemap: true,
  // The map has no copy of the sources, and after esbuild only the project's own files (not the dependencies'):
  // stack traces point at the TypeScript line for the project's frames (trim-source-map.ts).
  sourcesContent: false,
  tsconfig: resolve(ROOT, 'tsconfig.json'),
  // Libraries' production builds (React renders the shared car page on the server: its development build is slower).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  // ESM bundles still meet CommonJS dependencies that call require().
  banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  logLevel: 'warning',
} satisfies BuildOptions;

export const handlerEntry = (handler: string) => resolve(ROOT, `functions/src/handlers/${handler}.ts`);

/** Where the bundles of one set of external modules were built in this process (the set's key: its modules joined). */
const builtFolders = new Map<string, string>();

/**
 * Bundles every handler of `handlers` in one esbuild run (once per process and set of external modules) into a
 * temporary folder, `<handler>/index.mjs` and its map each; removed when the process exits.
 */
function bundleFolderOf(handlers: readonly string[], external: readonly string[]): string {
  const key = [...external].sort().join(',');
  let folder = builtFolders.get(key);
  if (!folder) {
    folder = mkdtempSync(join(tmpdir(), 'studio-lot-bundles-'));
    const made = folder;
    process.once('exit', () => rmSync(made, { recursive: true, force: true }));
    buildSync({
      ...BUNDLE_OPTIONS,
      entryPoints: Object.fromEntries(handlers.map((h) => [`${h}/index`, handlerEntry(h)])),
      outdir: folder,
      outExtension: { '.js': '.mjs' },
      external: [...external],
    });
    builtFolders.set(key, folder);
  }
  return folder;
}

/**
 * Puts one handler's bundle in its asset folder: the bundle; its map trimmed to the project's files, its sources
 * relative to the asset folder (as if esbuild had written it there); the extra files (u2netp's thread).
 */
export function writeHandlerAsset(bundleFolder: string, outputDir: string, extraFiles: readonly string[] = []): void {
  copyFileSync(join(bundleFolder, 'index.mjs'), join(outputDir, 'index.mjs'));
  const map = trimSourceMap(JSON.parse(readFileSync(join(bundleFolder, 'index.mjs.map'), 'utf8')) as SourceMapV3);
  // Paths move with the map; URLs (a dependency's own map, e.g. webpack://) stay as they are.
  map.sources = map.sources.map((source) => (/^[a-z][a-z0-9+.-]*:/i.test(source) ? source : relative(outputDir, resolve(bundleFolder, source))));
  writeFileSync(join(outputDir, 'index.mjs.map'), JSON.stringify(map));
  for (const file of extraFiles) copyFileSync(file, join(outputDir, basename(file)));
}

/** The local bundling of one handler's asset: its group's shared esbuild run, then its own folder. */
class HandlerBundling implements ILocalBundling {
  // Serialized into the asset's cache key: two handlers never share a staged asset.
  constructor(
    readonly handler: string,
    readonly external: readonly string[],
    readonly extraFiles: readonly string[],
    private readonly group: () => readonly string[],
  ) {}

  tryBundle(outputDir: string): boolean {
    const folder = bundleFolderOf(this.group(), this.external);
    writeHandlerAsset(join(folder, this.handler), outputDir, this.extraFiles);
    return true;
  }
}

export interface HandlerCodeProps {
  handler: string;
  /** Modules the bundle imports from the function's layers instead of holding them. */
  external: readonly string[];
  /** Files copied beside the bundle (u2netp's thread for the compositor functions). */
  extraFiles?: readonly string[];
  /** Every handler bundled with the same external modules: they are bundled together, once. */
  group: () => readonly string[];
}

/**
 * A function's code: its bundle, made when the synth bundles its stack (skipped with `aws:cdk:bundling-stacks`, as in
 * the infrastructure tests) and hashed by its output, as NodejsFunction's. The Docker image is never used (the local
 * bundling always succeeds); the asset API requires one.
 */
export function handlerCode(props: HandlerCodeProps): lambda.Code {
  const bundling: BundlingOptions = {
    image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs24.x'),
    local: new HandlerBundling(props.handler, props.external, props.extraFiles ?? [], props.group),
  };
  return lambda.Code.fromAsset(dirname(handlerEntry(props.handler)), { assetHashType: AssetHashType.OUTPUT, bundling });
}
