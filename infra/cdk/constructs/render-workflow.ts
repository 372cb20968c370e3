import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { CAR_PACKAGE_ANGLE_COUNT } from '@shared/limits';
import { RENDER_RETRY, RENDER_TASK_TIMEOUT_SECONDS, WORKFLOW_TIMEOUT_MINUTES, type WorkflowTask } from '../../workflow-tasks';

export interface RenderWorkflowProps {
  /** One function per task (functions/src/handlers/<WORKFLOW_TASK_HANDLERS[task]>.ts). */
  functions: Record<WorkflowTask, lambda.IFunction>;
  /** Execution logs; absent in the local host, which keeps its own. */
  logGroup?: logs.ILogGroup;
}

/** Error names of the renderer port that a retry can fix (functions/src/renderer/port.ts), and Lambda time-outs. */
const RETRYABLE_RENDER_ERRORS = ['RenderRetryableError', 'States.Timeout', 'Sandbox.Timedout'];

/**
 * The car package render workflow (DESIGN.md "Rendering"). Execution input: { package_id, user_id, angles }.
 *
 *   Prepare photos ──► Each angle (Map, up to 8 at once) ──► Finalize package
 *        │ (refused photos, bad package)   └─ Mark angle processing ─► Render angle ─(catch)─► Mark angle failed
 *        └──────────────────────────────────► Close after preparation failed
 *
 * Every task is idempotent: Step Functions may run a task again after a retry, and the sweeper may close a
 * package whose execution was lost; credits move only through keyed ledger entries, so nothing is charged
 * or refunded twice. The synthesized definition is also what the local host runs (infra/local).
 */
export class RenderWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: RenderWorkflowProps) {
    super(scope, id);
    const { functions } = props;
    const invoke = (stateId: string, task: WorkflowTask, payload: Record<string, unknown>, options: Partial<tasks.LambdaInvokeProps> = {}) =>
      new tasks.LambdaInvoke(this, stateId, {
        lambdaFunction: functions[task],
        payload: sfn.TaskInput.fromObject(payload),
        payloadResponseOnly: true,
        ...options,
      });
    const packageRef = { 'package_id.$': '$.package_id', 'user_id.$': '$.user_id', 'execution.$': '$$.Execution.Name' };

    // Per angle. The item is { package_id, user_id, angle, execution }; a caught error adds { error: { Error, Cause } }.
    const markProcessing = invoke('Mark angle processing', 'angleStarted', { 'item.$': '$' }, { resultPath: sfn.JsonPath.DISCARD });
    const render = invoke('Render angle', 'render', { 'item.$': '$' }, {
      resultPath: sfn.JsonPath.DISCARD,
      taskTimeout: sfn.Timeout.duration(Duration.seconds(RENDER_TASK_TIMEOUT_SECONDS + 30)),
    });
    render.addRetry({
      errors: RETRYABLE_RENDER_ERRORS,
      interval: Duration.seconds(RENDER_RETRY.intervalSeconds),
      backoffRate: RENDER_RETRY.backoffRate,
      maxAttempts: RENDER_RETRY.maxAttempts,
      jitterStrategy: sfn.JitterType.FULL,
    });
    const markFailed = invoke('Mark angle failed', 'angleFailed', { 'item.$': '$' }, { resultPath: sfn.JsonPath.DISCARD });
    markFailed.addRetry({ errors: ['States.ALL'], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 3 });
    // Caught inside the iteration: one angle failing never fails the Map or the other angles.
    render.addCatch(markFailed, { errors: ['States.ALL'], resultPath: '$.error' });
    markProcessing.addRetry({ errors: ['States.ALL'], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 3 });
    markProcessing.addCatch(markFailed, { errors: ['States.ALL'], resultPath: '$.error' });

    const eachAngle = new sfn.Map(this, 'Each angle', {
      itemsPath: '$.prepared.items',
      maxConcurrency: CAR_PACKAGE_ANGLE_COUNT,
      resultPath: sfn.JsonPath.DISCARD,
    });
    eachAngle.itemProcessor(markProcessing.next(render));

    // Finalize: counts the angles, sets the package status, refunds exactly once when nothing was rendered.
    const finalize = invoke('Finalize package', 'finalize', { ...packageRef, 'angles.$': '$.angles' });
    const closeAfterPrepareFailed = invoke('Close after preparation failed', 'finalize', { ...packageRef, 'angles.$': '$.angles', 'error.$': '$.error' });
    for (const t of [finalize, closeAfterPrepareFailed]) {
      t.addRetry({ errors: ['States.ALL'], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 4, jitterStrategy: sfn.JitterType.FULL });
    }

    const prepare = invoke('Prepare photos', 'prepare', { ...packageRef, 'angles.$': '$.angles' }, { resultPath: '$.prepared' });
    prepare.addRetry({
      errors: RETRYABLE_RENDER_ERRORS,
      interval: Duration.seconds(RENDER_RETRY.intervalSeconds),
      backoffRate: RENDER_RETRY.backoffRate,
      maxAttempts: RENDER_RETRY.maxAttempts,
      jitterStrategy: sfn.JitterType.FULL,
    });
    prepare.addCatch(closeAfterPrepareFailed, { errors: ['States.ALL'], resultPath: '$.error' });

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      definitionBody: sfn.DefinitionBody.fromChainable(prepare.next(eachAngle).next(finalize)),
      timeout: Duration.minutes(WORKFLOW_TIMEOUT_MINUTES),
      tracingEnabled: true,
      ...(props.logGroup ? { logs: { destination: props.logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false } } : {}),
    });
    NagSuppressions.addResourceSuppressions(
      this.stateMachine,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'The role may invoke only the five task functions of this workflow (CDK adds their versions as <arn>:*); the remaining * is X-Ray and CloudWatch Logs delivery, which have no resource-level permissions.',
        },
      ],
      true,
    );
  }
}
