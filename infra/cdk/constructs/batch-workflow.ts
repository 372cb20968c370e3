import { Duration } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { MAX_BATCH_PHOTOS } from '@shared/limits';
import { WORKFLOW_TIMEOUT_MINUTES, type BatchWorkflowTask } from '../../workflow-tasks';
import { invokeTask, renderStep } from './render-step';

export interface BatchWorkflowProps {
  /** One function per task (functions/src/handlers/<BATCH_WORKFLOW_TASK_HANDLERS[task]>.ts). */
  functions: Record<BatchWorkflowTask, lambda.IFunction>;
  /** Execution logs; absent in the local host, which keeps its own. */
  logGroup?: logs.ILogGroup;
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
    for (const t of [finalize, closeAfterFailure]) {
      t.addRetry({ errors: ['States.ALL'], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 4, jitterStrategy: sfn.JitterType.FULL });
    }
    eachPhoto.addCatch(closeAfterFailure, { errors: ['States.ALL'], resultPath: '$.error' });

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      definitionBody: sfn.DefinitionBody.fromChainable(eachPhoto.next(finalize)),
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
            'The role may invoke only the four task functions of this workflow (CDK adds their versions as <arn>:*); the remaining * is X-Ray and CloudWatch Logs delivery, which have no resource-level permissions.',
        },
      ],
      true,
    );
  }
}
