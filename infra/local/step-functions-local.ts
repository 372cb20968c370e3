import { randomUUID } from 'node:crypto';
import { StateMachine } from 'aws-local-stepfunctions';
import { lambdaContext, loadHandler, type LambdaHandler } from './handler-loader';
import { taskStates, type AslDefinition } from './state-machine-definition';

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';

export interface LocalExecution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  input: string;
  status: ExecutionStatus;
  startDate: Date;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
  done: Promise<void>;
}

export interface LocalStateMachineOptions {
  /** Shorter retry pauses (ms) for tests; absent = the definition's own intervals, as in AWS. */
  retryIntervalMs?: number;
  /** Where handler modules come from (tests may run their own); default functions/src/handlers. */
  loadHandler?: (name: string) => Promise<LambdaHandler>;
}

/**
 * Runs a CDK-synthesized state machine on the aws-local-stepfunctions ASL interpreter. Each Task calls the
 * project's handler module with the event shape Step Functions gives it: `{ FunctionName, Payload }` answered
 * with `{ Payload, StatusCode }` for the lambda:invoke integration, the raw input for a direct ARN. A handler
 * error keeps its name, so Retry and Catch match on the same error names as in AWS.
 */
export class LocalStateMachine {
  private readonly machine: StateMachine;
  private readonly handlers: Record<string, (input: unknown) => Promise<unknown>>;
  private readonly executions = new Map<string, LocalExecution>();

  constructor(
    readonly arn: string,
    readonly definition: AslDefinition,
    private readonly options: LocalStateMachineOptions = {},
  ) {
    this.machine = new StateMachine(definition as never, { validationOptions: { checkPaths: true, checkArn: false } });
    const load = options.loadHandler ?? loadHandler;
    this.handlers = Object.fromEntries(
      taskStates(definition).map(({ stateName, handler, invokeStyle }) => [
        stateName,
        async (input: unknown) => {
          const fn = await load(handler);
          if (invokeStyle === 'direct') return fn(input, lambdaContext(handler));
          const payload = (input as { Payload?: unknown }).Payload ?? input;
          return { Payload: await fn(payload, lambdaContext(handler)), StatusCode: 200 };
        },
      ]),
    );
  }

  /** StartExecution: idempotent by name, as in AWS (same name and input = the same execution). */
  start(input: unknown, name: string = randomUUID()): LocalExecution {
    const inputText = JSON.stringify(input ?? {});
    const executionArn = `${this.arn.replace(':stateMachine:', ':execution:')}:${name}`;
    const existing = this.executions.get(executionArn);
    if (existing) {
      if (existing.input === inputText) return existing;
      throw Object.assign(new Error(`Execution Already Exists: '${executionArn}'`), { name: 'ExecutionAlreadyExists' });
    }
    const retryOverrides = this.options.retryIntervalMs === undefined ? undefined : Object.fromEntries(Object.keys(this.handlers).map((s) => [s, this.options.retryIntervalMs!]));
    const run = this.machine.run(JSON.parse(inputText), {
      overrides: { taskResourceLocalHandlers: this.handlers as never, ...(retryOverrides ? { retryIntervalOverrides: retryOverrides } : {}) },
      context: { Execution: { Id: executionArn, Name: name, Input: JSON.parse(inputText), StartTime: new Date().toISOString() } } as never,
    });
    const execution: LocalExecution = {
      executionArn,
      stateMachineArn: this.arn,
      name,
      input: inputText,
      status: 'RUNNING',
      startDate: new Date(),
      done: Promise.resolve(),
    };
    execution.done = run.result.then(
      (output) => {
        Object.assign(execution, { status: 'SUCCEEDED', output: JSON.stringify(output), stopDate: new Date() });
      },
      (error: Error & { cause?: unknown }) => {
        // The interpreter wraps the failing state's error; Step Functions reports the state's own error name.
        const cause = error.cause instanceof Error ? error.cause : error;
        Object.assign(execution, { status: 'FAILED', error: cause.name, cause: cause.message, stopDate: new Date() });
      },
    );
    this.executions.set(executionArn, execution);
    return execution;
  }

  describe(executionArn: string): LocalExecution | undefined {
    return this.executions.get(executionArn);
  }
}
