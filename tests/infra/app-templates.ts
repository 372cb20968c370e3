import type { Stack, Stage } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { buildApp } from '../../infra/cdk/app-factory';

type Stacks = ReturnType<typeof buildApp>['stacks'];

/** The stacks that make up the API: its shell (HTTP and WebSocket APIs), the workflows and the three domain API stacks. */
export const apiStacksOf = (stacks: Stacks): Stack[] => [stacks.api, stacks.workflows, stacks.dealer, stacks.studio, stacks.admin, stacks.integrations];

/**
 * One template holding the resources of several stacks, for assertions that do not care which stack a function or
 * policy is in (the API is split along its domains). Logical ids are kept, so `id.startsWith('<Handler>Handler')` still
 * finds a handler's function and policies; an id found in two stacks is kept twice, suffixed with its stack's id.
 */
export function mergedTemplate(stacks: Stack[]): Template {
  const resources: Record<string, unknown> = {};
  for (const stack of stacks) {
    for (const [id, resource] of Object.entries(Template.fromStack(stack).toJSON().Resources as Record<string, unknown>)) {
      resources[id in resources ? `${id}#${stack.node.id}` : id] = resource;
    }
  }
  return Template.fromJSON({ Resources: resources }, { skipCyclicalDependenciesCheck: true });
}

/**
 * The stack's cdk-nag findings (rule id in the message) at the given levels, read from the app's one synthesis:
 * Annotations.fromStack synthesizes the whole app again on every call (3 s each, 10 stacks).
 */
export function nagFindings(stack: Stack, rule: RegExp = /AwsSolutions-/, levels: readonly ('error' | 'warning')[] = ['error']): string[] {
  const assembly = (stack.node.root as Stage).synth();
  return assembly
    .getStackArtifact(stack.artifactId)
    .messages.filter((m) => (levels as readonly string[]).includes(m.level) && rule.test(String(m.entry.data)))
    .map((m) => `${m.id}: ${String(m.entry.data).slice(0, 160)}`);
}
