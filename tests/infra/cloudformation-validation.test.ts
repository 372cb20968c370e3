/**
 * CDK's CloudFormation validation at synth (its built-in plugin and default rules) on the app as `npx cdk synth` builds
 * it, with its errors not downgraded to warnings (cdk.json leaves `@aws-cdk/core:validateAgainstDefaultRules` unset, so
 * `cdk synth` only prints them). The other infrastructure tests synthesize without it (tests/infra/built-app.ts): its
 * rule engine costs each process that builds it 17-22 core-seconds (measured at a load of 10-20), so it is built once, here, in a file of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshApp } from './built-app';

const VALIDATE_AGAINST_DEFAULT_RULES = '@aws-cdk/core:validateAgainstDefaultRules';

describe('CloudFormation validation', () => {
  it('finds nothing in any stack of the app (a finding makes the synthesis throw ValidationFailed)', () => {
    const { app } = freshApp({ [VALIDATE_AGAINST_DEFAULT_RULES]: true }, { validate: true });
    const assembly = app.synth();
    const report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as { pluginReports: { summary?: { status?: string }; violations?: unknown[] }[] };
    expect(report.pluginReports.flatMap((r) => r.violations ?? [])).toEqual([]);
    expect(report.pluginReports.filter((r) => r.summary?.status !== undefined && r.summary.status !== 'success')).toEqual([]);
    expect(assembly.stacks.length).toBeGreaterThanOrEqual(10);
  }, 240_000);
});
