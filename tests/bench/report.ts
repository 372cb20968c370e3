import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';

const DIR = resolve(import.meta.dirname, '../../docs/benchmarks');

/**
 * The benchmark files, one per topic (docs/benchmarks.md is their index): a section goes to the first topic whose
 * pattern its title starts with. One long file of every measurement grew past 6,000 lines; a reader looks for one topic.
 */
export const BENCHMARK_TOPICS = [
  { file: 'test-suite.md', name: 'Test suite', titles: /^Test suite/ },
  { file: 'cut-out.md', name: 'Cut-out', titles: /^(Cut-out|Other cars)/ },
  { file: 'car-check.md', name: 'Car check', titles: /^Car check/ },
  { file: 'angle-and-vision.md', name: 'Angle and vision', titles: /^(Angle|Vision)/ },
  { file: 'same-car.md', name: 'Same car', titles: /^Same car/ },
  {
    file: 'place-and-light.md',
    name: 'The place and the light',
    titles: /^(The ground|Levelling|Light|Sunset|Original location|Studio|Showroom|Coast|Mountain|Urban|Style|Scene|Shadow)/,
  },
  { file: 'render-and-package.md', name: 'Render, package, start-up and deploy size', titles: /^(Render|Startup|Package|Deploy size|Content credentials)/ },
  { file: 'plates.md', name: 'Number plates', titles: /^Number plates/ },
  { file: 'web.md', name: 'Web', titles: /^Web/ },
] as const;

/** The topic file a section titled `title` belongs in. */
export function benchmarkFile(title: string): string {
  const topic = BENCHMARK_TOPICS.find((t) => t.titles.test(title));
  if (!topic) throw new Error(`No benchmark topic for "${title}": add one to BENCHMARK_TOPICS (tests/bench/report.ts)`);
  return resolve(DIR, topic.file);
}

/** Replaces (or appends) the "## <title>" section of its topic's file, leaving the other sections alone. */
export async function writeBenchmarkSection(title: string, body: string): Promise<void> {
  const file = benchmarkFile(title);
  const topic = BENCHMARK_TOPICS.find((t) => t.titles.test(title))!;
  await mkdir(DIR, { recursive: true });
  let text = await readFile(file, 'utf8').catch(() => `# Benchmarks: ${topic.name}\n`);
  const heading = `## ${title}`;
  const start = text.indexOf(`${heading}\n`);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) text = `${text.trimEnd()}\n\n${section}`;
  else {
    const next = text.indexOf('\n## ', start + heading.length);
    text = text.slice(0, start) + section + (next === -1 ? '' : `\n${text.slice(next + 1)}`);
  }
  await writeFile(file, text.endsWith('\n') ? text : `${text}\n`);
}
