/**
 * Keeps only the project's own files in a Lambda bundle's source map. A bundle is mostly dependencies (zod, the AWS
 * SDK, openai), and their mappings made each map 2 to 5 times the size of its bundle (430 MB over the app's
 * functions). Stack traces (NODE_OPTIONS=--enable-source-maps) still point at the TypeScript line for the project's
 * frames; frames inside a dependency show the bundle's position. Called by the bundling of every function
 * (handler-bundles.ts, after esbuild); `node trim-source-map.ts <file.map>` trims one map in place.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';

export interface SourceMapV3 {
  version: number;
  sources: string[];
  sourcesContent?: (string | null)[];
  names: string[];
  mappings: string;
  [key: string]: unknown;
}

const isDependency = (source: string) => /(^|\/)node_modules\//.test(source);

/** The map without the sources under node_modules, their segments, and the names only they used. */
export function trimSourceMap(map: SourceMapV3): SourceMapV3 {
  const sourceIndex = new Map<number, number>();
  const sources: string[] = [];
  const sourcesContent: (string | null)[] = [];
  map.sources.forEach((source, i) => {
    if (isDependency(source)) return;
    sourceIndex.set(i, sources.length);
    sources.push(source);
    if (map.sourcesContent) sourcesContent.push(map.sourcesContent[i] ?? null);
  });
  const nameIndex = new Map<number, number>();
  const names: string[] = [];
  const lines = decode(map.mappings).map((line) =>
    line.flatMap((segment): SourceMapSegment[] => {
      if (segment.length === 1) return [segment];
      const source = sourceIndex.get(segment[1]);
      if (source === undefined) return [];
      if (segment.length === 4) return [[segment[0], source, segment[2], segment[3]]];
      if (!nameIndex.has(segment[4])) {
        nameIndex.set(segment[4], names.length);
        names.push(map.names[segment[4]]!);
      }
      return [[segment[0], source, segment[2], segment[3], nameIndex.get(segment[4])!]];
    }),
  );
  return { ...map, sources, ...(map.sourcesContent ? { sourcesContent } : {}), names, mappings: encode(lines) };
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node trim-source-map.ts <file.map>');
  writeFileSync(file, JSON.stringify(trimSourceMap(JSON.parse(readFileSync(file, 'utf8')) as SourceMapV3)));
}
