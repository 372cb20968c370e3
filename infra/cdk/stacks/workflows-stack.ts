import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { BatchWorkflow } from '../constructs/batch-workflow';
import { HandlerFunction, type HandlerResources } from '../constructs/handler-function';
import { InternalErrorMetric } from '../constructs/internal-error-metric';
import { RenderWorkflow } from '../constructs/render-workflow';
import { handlerFunctionName, workflowName } from '../names';
import {
  BATCH_WORKFLOW_TASK_HANDLERS,
  PACKAGE_SWEEPER_HANDLER,
  PREPARE_MEMORY_MB,
  RENDER_MEMORY_MB,
  RENDER_TASK_TIMEOUT_SECONDS,
  SWEEP_INTERVAL_MINUTES,
  VIDEO_TASK_TIMEOUT_SECONDS,
  WORKFLOW_TASK_HANDLERS,
  type BatchWorkflowTask,
  type WorkflowTask,
} from '../../workflow-tasks';
import { pascal, type ApiShared } from './api-stack';

export interface WorkflowsStackProps extends StackProps {
  shared: ApiShared;
}

/**
 * The render and batch workflows (Step Functions), their task functions and the sweeper's schedule. The API stacks
 * that start, describe or stop executions refer to the two state machines (one export each).
 */
export class WorkflowsStack extends Stack {
  readonly renderWorkflow: sfn.IStateMachine;
  readonly batchWorkflow: sfn.IStateMachine;
  /** The task and sweeper functions by handler name. */
  readonly functions: Record<string, lambda.IFunction> = {};

  constructor(scope: Construct, id: string, props: WorkflowsStackProps) {
    super(scope, id, props);
    const { config, environments } = props.shared;
    const resources: HandlerResources = { ...props.shared.resources };
    const fnFor = (handler: string, options: { timeoutSeconds: number; memoryMb?: number; environment: Record<string, string> }) => {
      const fn = new HandlerFunction(this, `${pascal(handler)}Handler`, {
        handler,
        functionName: handlerFunctionName(config.stage, handler),
        resources,
        environment: options.environment,
        timeout: Duration.seconds(options.timeoutSeconds),
        memorySize: options.memoryMb,
      }).fn;
      this.functions[handler] = fn;
      return fn;
    };

    // The car package render workflow: one function per task, the state machine, and the sweeper on a schedule.
    const taskOptions: Record<WorkflowTask, { timeoutSeconds: number; memoryMb?: number }> = {
      // Every photo's car check and cut-out, two at a time on two vCPUs (PREPARE_MEMORY_MB).
      prepare: { timeoutSeconds: 120, memoryMb: PREPARE_MEMORY_MB },
      // The studio compositor: detector, u2netp cut-out, compositing, fidelity and encoding at 2 GB (about 1.2 vCPU;
      // peak memory measured in docs/benchmarks/render-and-package.md, "Cost per 8-angle package in AWS"). The OpenAI option mostly waits.
      render: { timeoutSeconds: RENDER_TASK_TIMEOUT_SECONDS, memoryMb: RENDER_MEMORY_MB },
      angleFailed: { timeoutSeconds: 10 },
      finalize: { timeoutSeconds: 30 },
      // The walk-around video: sharp and the WebAssembly encoder on one core; the render tasks' memory for their CPU share.
      video: { timeoutSeconds: VIDEO_TASK_TIMEOUT_SECONDS, memoryMb: RENDER_MEMORY_MB },
    };
    const taskFunctions = {} as Record<WorkflowTask, lambda.Function>;
    for (const task of Object.keys(WORKFLOW_TASK_HANDLERS) as WorkflowTask[]) {
      taskFunctions[task] = fnFor(WORKFLOW_TASK_HANDLERS[task], { ...taskOptions[task], environment: environments.render });
    }
    const workflowLogs = new logs.LogGroup(this, 'RenderWorkflowLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const workflow = new RenderWorkflow(this, 'RenderWorkflow', { functions: taskFunctions, logGroup: workflowLogs, stateMachineName: workflowName(config.stage, 'render') });
    this.renderWorkflow = workflow.stateMachine;
    resources.renderWorkflow = workflow.stateMachine;

    // The batch workflow (batch processor): its sibling, built from the same render step, one image per photo.
    const batchTaskOptions: Record<BatchWorkflowTask, { timeoutSeconds: number; memoryMb?: number }> = {
      photoStarted: { timeoutSeconds: 10 },
      // The renderer checks the photo (cut-out, car check) and renders it: the render task's limit and memory.
      render: { timeoutSeconds: RENDER_TASK_TIMEOUT_SECONDS, memoryMb: RENDER_MEMORY_MB },
      photoFailed: { timeoutSeconds: 30 },
      finalize: { timeoutSeconds: 60 },
    };
    const batchTaskFunctions = {} as Record<BatchWorkflowTask, lambda.Function>;
    for (const task of Object.keys(BATCH_WORKFLOW_TASK_HANDLERS) as BatchWorkflowTask[]) {
      batchTaskFunctions[task] = fnFor(BATCH_WORKFLOW_TASK_HANDLERS[task], { ...batchTaskOptions[task], environment: environments.render });
    }
    const batchWorkflowLogs = new logs.LogGroup(this, 'BatchWorkflowLogs', { retention: logs.RetentionDays.ONE_MONTH });
    const batchWorkflow = new BatchWorkflow(this, 'BatchWorkflow', { functions: batchTaskFunctions, logGroup: batchWorkflowLogs, stateMachineName: workflowName(config.stage, 'batch') });
    this.batchWorkflow = batchWorkflow.stateMachine;
    resources.batchWorkflow = batchWorkflow.stateMachine;

    // The tasks that record a failure log an error of ours once: counted here, alarmed on by the Ops stack.
    new InternalErrorMetric(this, 'InternalRenderErrors', {
      functions: [taskFunctions.angleFailed, taskFunctions.finalize, batchTaskFunctions.photoFailed],
    });
    const sweeper = fnFor(PACKAGE_SWEEPER_HANDLER, { timeoutSeconds: 120, environment: environments.base });
    new events.Rule(this, 'PackageSweeperSchedule', {
      description: 'Closes and refunds car packages and batches whose execution was lost.',
      schedule: events.Schedule.rate(Duration.minutes(SWEEP_INTERVAL_MINUTES)),
      targets: [new targets.LambdaFunction(sweeper, { retryAttempts: 2 })],
    });
  }
}
