/**
 * CloudFormation refuses a stack over 500 resources or a template over 1,000,000 bytes. Each stack of the app must
 * stay under 60% of both, so that the next routes and tasks have room: checked on every `cdk synth` and deploy
 * (infra/cdk/app.ts fails the synth) and by the infra tests.
 */
export const CLOUDFORMATION_LIMITS = { resources: 500, templateBytes: 1_000_000 } as const;
export const STACK_LIMITS = { resources: 300, templateBytes: 600_000 } as const;

export interface StackSize {
  stackName: string;
  resources: number;
  /** The template as CDK writes it (JSON with one-space indentation), the size CloudFormation counts. */
  templateBytes: number;
}

export function stackSizeOf(stackName: string, template: { Resources?: Record<string, unknown> }): StackSize {
  return { stackName, resources: Object.keys(template.Resources ?? {}).length, templateBytes: Buffer.byteLength(JSON.stringify(template, undefined, 1)) };
}

/** What is over the limits, one line per stack and limit. */
export function stackLimitProblems(sizes: StackSize[], limits: { resources: number; templateBytes: number } = STACK_LIMITS): string[] {
  return sizes.flatMap((s) => [
    ...(s.resources > limits.resources ? [`${s.stackName}: ${s.resources} resources, over the limit of ${limits.resources}`] : []),
    ...(s.templateBytes > limits.templateBytes ? [`${s.stackName}: template of ${s.templateBytes} bytes, over the limit of ${limits.templateBytes}`] : []),
  ]);
}
