import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm install` warns (EBADENGINE) when the running Node is outside a dependency's `engines`. package.json's own
 * `engines` must promise no Node that a locked dependency refuses, so that on any version it allows (the README names
 * it) the install prints no engine warning. Optional platform packages are left out: npm skips those not for this
 * machine without a warning.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(resolve(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('engines', () => {
  it("package.json's engines allow only Node versions every locked dependency's engines allow", () => {
    const ours = pkg.engines.node;
    const refused = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && !p.optional && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.subset(ours, (p.engines as { node: string }).node, { includePrerelease: false }))
      .map(([path, p]) => `${path.replace(/^.*node_modules\//, '')} needs ${(p.engines as { node: string }).node}`);
    expect(refused).toEqual([]);
  });

  it('the lockfile records the same engines as package.json, and the Node the scripts run on (the node devDependency) is allowed', () => {
    expect((lock.packages[''] as { engines?: { node?: string } }).engines?.node).toBe(pkg.engines.node);
    const nodeVersion = (JSON.parse(readFileSync(resolve(ROOT, 'node_modules/node/package.json'), 'utf8')) as { version: string }).version;
    expect(semver.satisfies(nodeVersion, pkg.engines.node)).toBe(true);
  });

  it('the README names the same Node versions as the engines field', () => {
    const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`\`"node": "${pkg.engines.node}"\``);
  });
});
