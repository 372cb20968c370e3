import { randomUUID } from 'node:crypto';
import { ExecutionAbortedError, ExecutionTimeoutError, StateMachine } from 'aws-local-stepfunctions';
import { lambdaContext, loadHandler, type LambdaHandler } from './handler-loader';
import { taskStates, type AslDefinition, type AslState } from './state-machine-definition';

export type ExecutionStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED' | 'TIMED_OUT';

/** One task call of an execution (local only: what GetExecutionHistory would show as Lambda events). */
export interface TaskRecord {
  state: string;
  handler: string;
  /** ms since the epoch */
  startedAt: number;
  ms?: number;
  error?: string;
}

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
  /** Every task call, in start order (the local host's trace, for profiling). */
  tasks: TaskRecord[];
  done: Promise<void>;
}

export interface LocalStateMachineOptions {
  /** Shorter retry pauses (ms) for tests; absent = the definition's own intervals, as in AWS. */
  retryIntervalMs?: number;
  /** Where handler modules come from (tests may run their own); default functions/src/handlers. */
  loadHandler?: (name: string) => Promise<LambdaHandler>;
}

/** An error Step Functions' API answers with; `name` is the API error code (ExecutionAlreadyExists...). */
export class StepFunctionsError extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A Task without TimeoutSeconds has no time limit of its own in Step Functions (99999999 s); the interpreter
 * would cut it at 60 s. Locally it gets the longest time a Node timer can wait instead (about 24 days).
 */
const UNLIMITED_TASK_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

function withAwsTaskDefaults(definition: AslDefinition): AslDefinition {
  const states: Record<string, AslState> = {};
  for (const [name, state] of Object.entries(definition.States)) {
    const copy: AslState = { ...state };
    if (copy.Type === 'Task' && copy.TimeoutSeconds === undefined && copy.TimeoutSecondsPath === undefined) copy.TimeoutSeconds = UNLIMITED_TASK_SECONDS;
    if (copy.ItemProcessor) copy.ItemProcessor = withAwsTaskDefaults(copy.ItemProcessor);
    if (copy.Iterator) copy.Iterator = withAwsTaskDefaults(copy.Iterator);
    if (copy.Branches) copy.Branches = copy.Branches.map(withAwsTaskDefaults);
    states[name] = copy;
  }
  return { ...definition, States: states };
}

/**
 * A handler's error as Lambda reports it to Step Functions: the state matches on its name (errorType), and its
 * Cause is the JSON Lambda writes, { errorType, errorMessage, trace }, so the failure tasks read the same in both homes.
 */
function asLambdaError(error: unknown): Error {
  const e = error instanceof Error ? error : new Error(String(error));
  const reported = new Error(JSON.stringify({ errorType: e.name, errorMessage: e.message, trace: (e.stack ?? '').split('\n') }));
  reported.name = e.name;
  return reported;
}

/**
 * The definitions this process has already validated: the interpreter's validator compiles its JSON schemas anew on
 * every call (about 0.1 core-second), and the test harness builds a machine of the same definition for each test.
 */
const validatedDefinitions = new Set<string>();

/**
 * Runs a CDK-synthesized state machine on the aws-local-stepfunctions ASL interpreter. Each Task calls the
 * project's handler module with the event shape Step Functions gives it: `{ FunctionName, Payload }` answered
 * with `{ Payload, StatusCode }` for the lambda:invoke integration, the raw input for a direct ARN. A handler
 * error keeps its name, so Retry and Catch match on the same error names as in AWS.
 *
 * Executions live in this process's memory only: a restarted host knows none of the previous ones, as a
 * lost execution in AWS (the package sweeper relies on DescribeExecution answering ExecutionDoesNotExist).
 */
export class LocalStateMachine {
  readonly name: string;
  readonly createdAt = new Date();
  private readonly machine: StateMachine;
  private readonly executions = new Map<string, LocalExecution>();
  private readonly aborts = new Map<string, () => void>();
  /** Every Task state (Map iterations included) and the handler it runs. */
  private readonly taskStateHandlers: { stateName: string; handler: string; invokeStyle: 'lambda:invoke' | 'direct' }[];

  constructor(
    readonly arn: string,
    readonly definition: AslDefinition,
    private readonly options: LocalStateMachineOptions = {},
  ) {
    const name = /:stateMachine:([^:]+)$/.exec(arn)?.[1];
    if (!name) throw new Error(`Not a state machine ARN: ${arn}`);
    this.name = name;
    const asl = withAwsTaskDefaults(definition);
    const key = JSON.stringify(asl);
    this.machine = new StateMachine(asl as never, { validationOptions: { checkPaths: true, checkArn: false, noValidate: validatedDefinitions.has(key) } });
    validatedDefinitions.add(key);
    this.taskStateHandlers = taskStates(definition);
  }

  private handlersFor(execution: LocalExecution): Record<string, (input: unknown) => Promise<unknown>> {
    const load = this.options.loadHandler ?? loadHandler;
    return Object.fromEntries(
      this.taskStateHandlers.map(({ stateName, handler, invokeStyle }) => [
        stateName,
        async (input: unknown) => {
          const record: TaskRecord = { state: stateName, handler, startedAt: Date.now() };
          execution.tasks.push(record);
          try {
            const fn = await load(handler);
            if (invokeStyle === 'direct') return await fn(input, lambdaContext(handler));
            const payload = (input as { Payload?: unknown }).Payload ?? input;
            return { Payload: await fn(payload, lambdaContext(handler)), StatusCode: 200 };
          } catch (error) {
            record.error = (error as Error).name;
            throw asLambdaError(error);
          } finally {
            record.ms = Date.now() - record.startedAt;
          }
        },
      ]),
    );
  }

  executionArnFor(name: string): string {
    return `${this.arn.replace(':stateMachine:', ':execution:')}:${name}`;
  }

  /**
   * StartExecution with Step Functions' rules for a repeated name: while the execution with that name runs,
   * the same input answers that execution and another input is refused; once it has closed, the name is
   * refused whatever the input (ExecutionAlreadyExists).
   */
  start(input: unknown, name: string = randomUUID()): LocalExecution {
    const inputText = JSON.stringify(input ?? {});
    const executionArn = this.executionArnFor(name);
    const existing = this.executions.get(executionArn);
    if (existing) {
      if (existing.status === 'RUNNING' && existing.input === inputText) return existing;
      throw new StepFunctionsError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
    }
    const retryOverrides =
      this.options.retryIntervalMs === undefined ? undefined : Object.fromEntries(this.taskStateHandlers.map((t) => [t.stateName, this.options.retryIntervalMs!]));
    const startDate = new Date();
    const execution: LocalExecution = {
      executionArn,
      stateMachineArn: this.arn,
      name,
      input: inputText,
      status: 'RUNNING',
      startDate,
      tasks: [],
      done: Promise.resolve(),
    };
    const run = this.machine.run(JSON.parse(inputText), {
      overrides: { taskResourceLocalHandlers: this.handlersFor(execution) as never, ...(retryOverrides ? { retryIntervalOverrides: retryOverrides } : {}) },
      context: {
        Execution: { Id: executionArn, Name: name, Input: JSON.parse(inputText), StartTime: startDate.toISOString() },
        StateMachine: { Id: this.arn, Name: this.name },
      } as never,
    });
    // Nobody reads the interpreter's event log; drained (it closes with the execution) so it does not pile up.
    void (async () => {
      for await (const _ of run.eventLogs);
    })().catch(() => undefined);
    this.aborts.set(executionArn, run.abort);
    execution.done = run.result.then(
      (output) => {
        if (execution.status !== 'RUNNING') return;
        Object.assign(execution, { status: 'SUCCEEDED', output: JSON.stringify(output), stopDate: new Date() });
      },
      (error: Error & { cause?: unknown }) => {
        if (execution.status !== 'RUNNING') return; // stopped: StopExecution already closed it
        if (error instanceof ExecutionTimeoutError) {
          Object.assign(execution, { status: 'TIMED_OUT', error: 'States.Timeout', cause: 'The execution ran longer than its TimeoutSeconds', stopDate: new Date() });
          return;
        }
        if (error instanceof ExecutionAbortedError) {
          Object.assign(execution, { status: 'ABORTED', stopDate: new Date() });
          return;
        }
        // The interpreter wraps the failing state's error; Step Functions reports the state's own error name.
        const cause = error.cause instanceof Error ? error.cause : error;
        Object.assign(execution, { status: 'FAILED', error: cause.name, cause: cause.message, stopDate: new Date() });
      },
    ).finally(() => this.aborts.delete(executionArn));
    this.executions.set(executionArn, execution);
    return execution;
  }

  describe(executionArn: string): LocalExecution | undefined {
    return this.executions.get(executionArn);
  }

  /** StopExecution: a running execution becomes ABORTED (the task in flight finishes, nothing after it runs). */
  stop(executionArn: string, error?: string, cause?: string): LocalExecution | undefined {
    const execution = this.executions.get(executionArn);
    if (!execution) return undefined;
    if (execution.status === 'RUNNING') {
      Object.assign(execution, { status: 'ABORTED', stopDate: new Date(), ...(error !== undefined ? { error } : {}), ...(cause !== undefined ? { cause } : {}) });
      this.aborts.get(executionArn)?.();
    }
    return execution;
  }

  /** Stops every running execution (the host is shutting down). */
  stopAll(cause = 'The local host stopped'): void {
    for (const arn of [...this.aborts.keys()]) this.stop(arn, 'States.Aborted', cause);
  }

  /** Newest first, as ListExecutions answers. */
  list(status?: ExecutionStatus): LocalExecution[] {
    return [...this.executions.values()].filter((e) => !status || e.status === status).sort((a, b) => b.startDate.getTime() - a.startDate.getTime());
  }
}
