/**
 * npm run bench:deploy: what a deploy uploads and what CloudFormation gets. Runs `npx cdk synth` into a fresh folder
 * (bundling every function and the native image layer, as `cdk deploy` does) and writes to docs/benchmarks.md
 * ("Deploy size"): the synth's wall time, the size of cdk.out, each stack's resources and template bytes against
 * the 60% limits, and the zipped size of every function's and the layer's asset (the largest ones listed).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { STACK_LIMITS, stackSizeOf } from '../../infra/cdk/stack-limits';
import { writeBenchmarkSection } from './report';

const ROOT = resolve(import.meta.dirname, '../..');
const MB = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

function duBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((sum, name) => sum + duBytes(join(path, name)), 0);
}

function zippedBytes(dir: string, scratch: string): number {
  const zip = join(scratch, 'asset.zip');
  rmSync(zip, { force: true });
  execFileSync('zip', ['-q', '-r', '-X', zip, '.'], { cwd: dir });
  return statSync(zip).size;
}

const out = mkdtempSync(join(tmpdir(), 'studio-lot-synth-'));
const scratch = mkdtempSync(join(tmpdir(), 'studio-lot-zip-'));
try {
  const load = loadavg()[0]!.toFixed(1);
  const started = Date.now();
  const synth = spawnSync('npx', ['cdk', 'synth', '--quiet', '-o', out], { cwd: ROOT, encoding: 'utf8' });
  const seconds = (Date.now() - started) / 1000;
  if (synth.status !== 0) throw new Error(`cdk synth failed:\n${synth.stdout}\n${synth.stderr}`);

  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { artifacts: Record<string, { type: string; properties?: { templateFile?: string } }> };
  const stacks = Object.entries(manifest.artifacts)
    .filter(([, a]) => a.type === 'aws:cloudformation:stack')
    .map(([name, a]) => stackSizeOf(name, JSON.parse(readFileSync(join(out, a.properties!.templateFile!), 'utf8'))));

  // Which asset is what: the functions' code and the layers' code, from the templates.
  const assetKinds = new Map<string, string>();
  for (const [name, a] of Object.entries(manifest.artifacts)) {
    if (a.type !== 'aws:cloudformation:stack') continue;
    const template = JSON.parse(readFileSync(join(out, a.properties!.templateFile!), 'utf8')) as { Resources: Record<string, { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, string> }> };
    for (const [id, r] of Object.entries(template.Resources)) {
      const asset = r.Metadata?.['aws:asset:path'];
      if (!asset) continue;
      if (r.Type === 'AWS::Lambda::Function') {
        const handler = ((r.Properties?.Environment as { Variables?: Record<string, string> } | undefined)?.Variables?.HANDLER_NAME) ?? `${name}/${id} (CDK's own)`;
        assetKinds.set(asset, handler);
      } else if (r.Type === 'AWS::Lambda::LayerVersion') assetKinds.set(asset, assetKinds.get(asset) ?? `layer ${id.replace(/[0-9A-F]{8}$/, '')}`);
    }
  }
  const zipped = [...assetKinds].map(([asset, what]) => {
    const path = join(out, asset);
    return { what, zipped: statSync(path).isDirectory() ? zippedBytes(path, scratch) : statSync(path).size };
  });
  const functions = zipped.filter((z) => !z.what.startsWith('layer ') && !z.what.includes("(CDK's own)")).sort((a, b) => b.zipped - a.zipped);
  const layers = zipped.filter((z) => z.what.startsWith('layer NativeImageLayer'));
  const modelLayers = zipped.filter((z) => z.what.startsWith('layer RenderModelLayer'));

  const body = [
    `\`npm run bench:deploy\` (\`tests/bench/deploy-size.ts\`): \`npx cdk synth\` of the whole app into a fresh folder, every function bundled and the native image layer installed, as \`cdk deploy\` does. Machine: ${cpus().length} cores, load ${load} at the start (other work shares it), ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `- Synth time: **${seconds.toFixed(0)} s** (wall; the single-stack app before the split and the layer took 63 s on this machine at a lower load).`,
    `- \`cdk.out\`: **${MB(duBytes(out))}** (target ≤ 250 MB). Before the native image layer and the trimmed source maps: 778 MB (each of 11 image functions carried its own sharp and C2PA copy, 222 MB; the source maps held every dependency's mappings and sources, 429 MB).`,
    `- Largest function, zipped: **${MB(functions[0]!.zipped)}** (\`${functions[0]!.what}\`); ${functions.length} functions, ${MB(functions.reduce((s, f) => s + f.zipped, 0))} zipped in all. Native image layer, zipped: ${layers.map((l) => MB(l.zipped)).join(', ')} (one asset, published once per stack that uses it). Render model layer (the compositor's models and runtimes, the render tasks only), zipped: ${modelLayers.map((l) => MB(l.zipped)).join(', ') || 'none'}.`,
    '',
    `| stack | resources (limit ${STACK_LIMITS.resources}) | template bytes (limit ${STACK_LIMITS.templateBytes.toLocaleString('en')}) |`,
    '|---|---|---|',
    ...stacks.map((s) => `| ${s.stackName} | ${s.resources} | ${s.templateBytes.toLocaleString('en')} |`),
    '',
    'Before the split, one `StudioLot-dev-Api` stack held every route, task and the WebSocket API: 476 resources and 893,303 template bytes (69 functions), over 80% of both limits.',
    '',
    'Largest functions, zipped:',
    '',
    '| function | zipped |',
    '|---|---|',
    ...functions.slice(0, 5).map((f) => `| ${f.what} | ${MB(f.zipped)} |`),
  ].join('\n');
  await writeBenchmarkSection('Deploy size', body);
  console.log(body);
} finally {
  rmSync(out, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
}
