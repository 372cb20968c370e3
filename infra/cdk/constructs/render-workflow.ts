import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Duration } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { CAR_PACKAGE_ANGLE_COUNT } from '@shared/limits';
import { VIDEO_TASK_TIMEOUT_SECONDS, type WorkflowTask } from '../../workflow-tasks';
import { invokeTask, renderStep, retryFinalize, retryRenderErrors, workflowStateMachine } from './render-step';

export interface RenderWorkflowProps {
  /** One function per task (functions/src/handlers/<WORKFLOW_TASK_HANDLERS[task]>.ts). */
  functions: Record<WorkflowTask, lambda.IFunction>;
  /** Execution logs; absent in the local host, which keeps its own. */
  logGroup?: logs.ILogGroup;
  /** Its name in AWS (infra/cdk/names.ts); the local host's synthesis leaves it to CDK. */
  stateMachineName?: string;
}

/**
 * The car package render workflow (DESIGN.md "Rendering"). Execution input: { package_id, user_id, angles }.
 *
 *   Prepare photos ──► Each angle (Map, up to 8 at once) ──► Finalize package ──► Make walk-around video
 *        │ (refused photos, bad package)   └─ Render angle (marks it processing) ─(catch)─► Mark angle failed
 *        └──────────────────────────────────► Close after preparation failed                 └─(catch)─► Finished without video
 *
 * The video comes after Finalize: the package is complete, charged or refunded, and shown as such before it is made,
 * and its Catch ends the execution as if it had not been tried, so a video that fails never fails, charges or refunds.
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
      invokeTask(this, stateId, functions[task], payload, options);
    const packageRef = { 'package_id.$': '$.package_id', 'user_id.$': '$.user_id', 'execution.$': '$$.Execution.Name' };

    // Per angle. The item is { package_id, user_id, angle, execution }; a caught error adds { error: { Error, Cause } }.
    const eachAngleStep = renderStep(this, {
      names: { render: 'Render angle', fail: 'Mark angle failed' },
      functions: { render: functions.render, fail: functions.angleFailed },
    });

    const eachAngle = new sfn.Map(this, 'Each angle', {
      itemsPath: '$.prepared.items',
      maxConcurrency: CAR_PACKAGE_ANGLE_COUNT,
      resultPath: sfn.JsonPath.DISCARD,
    });
    eachAngle.itemProcessor(eachAngleStep);

    // Finalize: counts the angles, sets the package status, refunds exactly once when nothing was rendered.
    const finalize = invoke('Finalize package', 'finalize', { ...packageRef, 'angles.$': '$.angles' }, { resultPath: '$.finalized' });
    const closeAfterPrepareFailed = invoke('Close after preparation failed', 'finalize', { ...packageRef, 'angles.$': '$.angles', 'error.$': '$.error' });
    retryFinalize(finalize, closeAfterPrepareFailed);

    const prepare = invoke('Prepare photos', 'prepare', { ...packageRef, 'angles.$': '$.angles' }, { resultPath: '$.prepared' });
    retryRenderErrors(prepare);
    prepare.addCatch(closeAfterPrepareFailed, { errors: ['States.ALL'], resultPath: '$.error' });

    // The walk-around video of the finished angles (issue 29). Retried once only for Lambda's own hiccups; anything else
    // is caught: the package stays as Finalize left it.
    const video = invoke('Make walk-around video', 'video', packageRef, {
      resultPath: sfn.JsonPath.DISCARD,
      taskTimeout: sfn.Timeout.duration(Duration.seconds(VIDEO_TASK_TIMEOUT_SECONDS + 30)),
    });
    video.addRetry({ errors: ['Lambda.ServiceException', 'Lambda.TooManyRequestsException', 'Lambda.SdkClientException'], interval: Duration.seconds(5), maxAttempts: 1 });
    video.addCatch(new sfn.Succeed(this, 'Finished without video'), { errors: ['States.ALL'], resultPath: '$.videoError' });

    this.stateMachine = workflowStateMachine(this, prepare.next(eachAngle).next(finalize).next(video), { logGroup: props.logGroup, taskCount: 'five', stateMachineName: props.stateMachineName });
  }
}
