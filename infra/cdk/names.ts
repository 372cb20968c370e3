/**
 * Names the app gives what the Ops stack watches (functions, state machines), so that its alarms and dashboard read
 * their metrics by name instead of importing 70 values from the other stacks. Lambda allows 64 characters.
 */
export function handlerFunctionName(stage: string, handler: string): string {
  const name = `studio-lot-${stage}-${handler}`;
  if (name.length > 64) throw new Error(`Function name ${name} is over Lambda's 64 characters: shorten the stage or the handler's name`);
  return name;
}

export type WorkflowKind = 'render' | 'batch';
export const workflowName = (stage: string, kind: WorkflowKind) => `studio-lot-${stage}-${kind}-workflow`;
