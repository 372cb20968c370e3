import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';

const FILE = resolve(import.meta.dirname, '../../docs/benchmarks.md');

/** Replaces (or appends) the "## <title>" section of docs/benchmarks.md, leaving the other sections alone. */
export async function writeBenchmarkSection(title: string, body: string): Promise<void> {
  await mkdir(resolve(FILE, '..'), { recursive: true });
  let text = await readFile(FILE, 'utf8').catch(() => '# Benchmarks\n\nMeasured on the project machines; noisy, so compare ratios within one run.\n');
  const heading = `## ${title}`;
  const start = text.indexOf(`${heading}\n`);
  const section = `${heading}\n\n${body.trim()}\n`;
  if (start === -1) text = `${text.trimEnd()}\n\n${section}`;
  else {
    const next = text.indexOf('\n## ', start + heading.length);
    text = text.slice(0, start) + section + (next === -1 ? '' : `\n${text.slice(next + 1)}`);
  }
  await writeFile(FILE, text.endsWith('\n') ? text : `${text}\n`);
}
