import { buildApp } from './app-factory';
import { stackLimitProblems, stackSizeOf } from './stack-limits';

// `npx cdk synth` / `npx cdk deploy`: see docs/deploy.md ("Deploy to AWS") for the context values.
const assembly = buildApp().app.synth();
// Every synth (and so every deploy) fails when a stack passes 60% of CloudFormation's limits (infra/cdk/stack-limits.ts).
const problems = stackLimitProblems(assembly.stacks.map((s) => stackSizeOf(s.stackName, s.template)));
if (problems.length) {
  console.error(`Stacks over the limits (split the stack along its domain):\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
}
