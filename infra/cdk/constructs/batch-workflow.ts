import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { MAX_BATCH_PHOTOS } from '@shared/limits';
import type { BatchWorkflowTask } from '../../workflow-tasks';
import { invokeTask, renderStep, retryFinalize, workflowStateMachine } from './render-step';

export interface BatchWorkflowProps {
  /** One function per task (functions/src/handlers/<BATCH_WORKFLOW_TASK_HANDLERS[task]>.ts). */
  functions: Record<BatchWorkflowTask, lambda.IFunction>;
  /** Execution logs; absent in the local host, which keeps its own. */
  logGroup?: logs.ILogGroup;
  /** Its name in AWS (infra/cdk/names.ts); the local host's synthesis leaves it to CDK. */
  stateMachineName?: string;
}

/**
 * The batch workflow (batch processor): a sibling of the car package render workflow, built from the same render
 * step. Execution input: { batch_id, user_id, photos: [{ batch_id, user_id, index }] }.
 *
 *   Each photo (Map, up to 10 at once) ──► Finalize batch
 *     └─ Mark photo processing ─► Render photo ─(catch)─► Mark photo failed (refunds that photo's credit once)
 *   (the Map failing as a whole) ──► Close batch after a failure
 *
 * Every task is idempotent; credits move only through keyed ledger entries (REFUND#batch:<id>:<index>), so no
 * retry, re-run or sweep refunds a photo twice. The synthesized definition is also what the local host runs.
 */
export class BatchWorkflow extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: BatchWorkflowProps) {
    super(scope, id);
    const { functions } = props;
    const batchRef = { 'batch_id.$': '$.batch_id', 'user_id.$': '$.user_id', 'execution.$': '$$.Execution.Name' };

    const eachPhoto = new sfn.Map(this, 'Each photo', {
      itemsPath: '$.photos',
      maxConcurrency: MAX_BATCH_PHOTOS,
      resultPath: sfn.JsonPath.DISCARD,
    });
    eachPhoto.itemProcessor(
      renderStep(this, {
        names: { start: 'Mark photo processing', render: 'Render photo', fail: 'Mark photo failed' },
        functions: { start: functions.photoStarted, render: functions.render, fail: functions.photoFailed },
      }),
    );

    const finalize = invokeTask(this, 'Finalize batch', functions.finalize, batchRef);
    const closeAfterFailure = invokeTask(this, 'Close batch after a failure', functions.finalize, { ...batchRef, 'error.$': '$.error' });
    retryFinalize(finalize, closeAfterFailure);
    eachPhoto.addCatch(closeAfterFailure, { errors: ['States.ALL'], resultPath: '$.error' });

    this.stateMachine = workflowStateMachine(this, eachPhoto.next(finalize), { logGroup: props.logGroup, taskCount: 'four', stateMachineName: props.stateMachineName });
  }
}
