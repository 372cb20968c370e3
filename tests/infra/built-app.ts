import { readFileSync } from 'node:fs';
import { buildApp } from '../../infra/cdk/app-factory';

/** cdk.json's context, as `npx cdk synth` runs the app (feature flags, partition literals). */
export const CDK_CONTEXT = (JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> }).context;

const built = new Map<string, ReturnType<typeof buildApp>>();

/**
 * The CDK app as `npx cdk synth` builds it (cdk.json's context, plus `extra`), bundling skipped (the synth in CI
 * bundles), built once per process and context. The infrastructure files share a process (vitest.config.ts, project
 * "infra", isolate: false), so the files that read the same app share one build and one synthesis instead of paying
 * about 10 core-seconds each. Read-only: a test that changes the app builds its own with buildApp.
 */
export function builtApp(extra: Record<string, unknown> = {}): ReturnType<typeof buildApp> {
  const key = JSON.stringify(extra);
  let app = built.get(key);
  if (!app) {
    app = freshApp(extra);
    built.set(key, app);
  }
  return app;
}

/**
 * The same app, built anew: for a test that changes it.
 *
 * Unless `validate`, without two things of `npx cdk synth` that no test reads and that change no template:
 * - CDK's built-in CloudFormation validation at synth: it builds a rule engine of its own in each process (17-22
 *   core-seconds measured at a load of 10-20, where the rest of the app's synthesis took 3.5), and with this app's
 *   context it can fail nothing (cdk.json does not set `@aws-cdk/core:validateAgainstDefaultRules`, so its errors are
 *   only printed as warnings). `npx cdk synth` still validates; a test synthesizes the app once with validation on and
 *   its errors not downgraded, and asserts the report is clean (tests/infra/cloudformation-validation.test.ts).
 * - The creation stack trace CDK records in the manifest's metadata for each CloudFormation resource: half of an app's
 *   build (about 0.5 of 1 core-second a build in a test process; the eleven templates are the same byte for byte).
 */
export function freshApp(extra: Record<string, unknown> = {}, { validate = false }: { validate?: boolean } = {}): ReturnType<typeof buildApp> {
  const withoutTraces = validate ? {} : { 'aws:cdk:disable-creation-stack-traces': true };
  return buildApp({ context: { ...CDK_CONTEXT, 'aws:cdk:bundling-stacks': [], ...withoutTraces, ...extra }, ...(validate ? {} : { builtinCloudFormationValidation: false }) });
}
