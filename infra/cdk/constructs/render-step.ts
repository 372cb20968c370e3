import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { INTERNAL_ERROR_RETRIES, PHOTO_ERROR_NAMES, RETRYABLE_ERROR_NAMES } from '../../../functions/src/renderer/failure-kinds';
import { RENDER_RETRY, RENDER_TASK_TIMEOUT_SECONDS, WORKFLOW_TIMEOUT_MINUTES } from '../../workflow-tasks';


/** A Lambda task whose payload is `payload` and whose result is the function's own answer. */
export function invokeTask(scope: Construct, stateId: string, fn: lambda.IFunction, payload: Record<string, unknown>, options: Partial<tasks.LambdaInvokeProps> = {}) {
  return new tasks.LambdaInvoke(scope, stateId, { lambdaFunction: fn, payload: sfn.TaskInput.fromObject(payload), payloadResponseOnly: true, ...options });
}

/**
 * The three kinds of render failure (functions/src/renderer/failure-kinds.ts), in the order Step Functions matches
 * them: what a retry can fix (the renderer's busy errors, time-outs) with exponential backoff and full jitter; the
 * photo's own failures never; anything else, ours, once.
 */
export function retryRenderErrors(task: tasks.LambdaInvoke) {
  task.addRetry({
    errors: RETRYABLE_ERROR_NAMES,
    interval: Duration.seconds(RENDER_RETRY.intervalSeconds),
    backoffRate: RENDER_RETRY.backoffRate,
    maxAttempts: RENDER_RETRY.maxAttempts,
    jitterStrategy: sfn.JitterType.FULL,
  });
  task.addRetry({ errors: PHOTO_ERROR_NAMES, maxAttempts: 0 });
  task.addRetry({ errors: ['States.ALL'], interval: Duration.seconds(RENDER_RETRY.intervalSeconds), maxAttempts: INTERNAL_ERROR_RETRIES });
}

export interface RenderStepProps {
  /** State names, e.g. "Mark photo processing", "Render photo", "Mark photo failed"; no start: the render marks it. */
  names: { start?: string; render: string; fail: string };
  functions: { start?: lambda.IFunction; render: lambda.IFunction; fail: lambda.IFunction };
}

/**
 * One item of a render Map (a car package angle, a batch photo), the same in every workflow:
 *
 *   [Mark processing ─►] Render (Retry on busy/time-outs) ─(Catch: anything)─► Mark failed
 *
 * The car package's render task marks its angle processing itself as its attempt begins (one task, not two, per
 * angle); the batch marks the photo in a task of its own. The item is the Map's item; a caught error is added to it
 * as { error: { Error, Cause } }. Caught inside the iteration, so one item failing never fails the Map or the others.
 */
export function renderStep(scope: Construct, props: RenderStepProps): sfn.IChainable {
  const { names, functions } = props;
  const render = invokeTask(scope, names.render, functions.render, { 'item.$': '$' }, {
    resultPath: sfn.JsonPath.DISCARD,
    taskTimeout: sfn.Timeout.duration(Duration.seconds(RENDER_TASK_TIMEOUT_SECONDS + 30)),
  });
  retryRenderErrors(render);
  const markFailed = invokeTask(scope, names.fail, functions.fail, { 'item.$': '$' }, { resultPath: sfn.JsonPath.DISCARD });
  markFailed.addRetry({ errors: ['States.ALL'], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 3 });
  render.addCatch(markFailed, { errors: ['States.ALL'], resultPath: '$.error' });
  if (!names.start || !functions.start) return render;
  const markProcessing = invokeTask(scope, names.start, functions.start, { 'item.$': '$' }, { resultPath: sfn.JsonPath.DISCARD });
  markProcessing.addRetry({ errors: ['States.ALL'], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 3 });
  markProcessing.addCatch(markFailed, { errors: ['States.ALL'], resultPath: '$.error' });
  return markProcessing.next(render);
}

/** The finalize tasks close the work and are idempotent: any error is retried (with backoff) before giving up. */
export function retryFinalize(...finalizeTasks: tasks.LambdaInvoke[]) {
  for (const t of finalizeTasks) {
    t.addRetry({ errors: ['States.ALL'], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 4, jitterStrategy: sfn.JitterType.FULL });
  }
}

/**
 * The state machine of a render or batch workflow: both share the time limit (the sweeper relies on it), tracing,
 * logs and the cdk-nag note on the role's remaining wildcards. `taskCount` is spelled out for that note.
 */
export function workflowStateMachine(scope: Construct, definition: sfn.IChainable, props: { logGroup?: logs.ILogGroup; taskCount: string; stateMachineName?: string }): sfn.StateMachine {
  const stateMachine = new sfn.StateMachine(scope, 'StateMachine', {
    stateMachineName: props.stateMachineName,
    definitionBody: sfn.DefinitionBody.fromChainable(definition),
    timeout: Duration.minutes(WORKFLOW_TIMEOUT_MINUTES),
    tracingEnabled: true,
    ...(props.logGroup ? { logs: { destination: props.logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false } } : {}),
  });
  NagSuppressions.addResourceSuppressions(
    stateMachine,
    [
      {
        id: 'AwsSolutions-IAM5',
        reason: `The role may invoke only the ${props.taskCount} task functions of this workflow (CDK adds their versions as <arn>:*); the remaining * is X-Ray and CloudWatch Logs delivery, which have no resource-level permissions.`,
      },
    ],
    true,
  );
  return stateMachine;
}
