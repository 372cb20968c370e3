import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StepFunctionsError, type ExecutionStatus, type LocalExecution, type LocalStateMachine } from './step-functions-local';

/**
 * The Step Functions API of the local home, on the wire protocol AWS speaks (AWS JSON 1.0: POST with
 * `X-Amz-Target: AWSStepFunctions.<Operation>`, errors as HTTP 400 `{"__type": "<Error>", "message": ...}`),
 * so the handlers use the unmodified @aws-sdk/client-sfn with only an endpoint override (SFN_ENDPOINT).
 *
 * Operations: StartExecution, DescribeExecution, StopExecution, ListExecutions, DescribeStateMachine.
 * Signatures are not checked (the local stand-ins accept the fixed local credentials).
 */
const TARGET_PREFIX = 'AWSStepFunctions.';
const CONTENT_TYPE = 'application/x-amz-json-1.0';
/** Step Functions' own limits. */
const MAX_NAME_LENGTH = 80;
const MAX_INPUT_BYTES = 256 * 1024;
const MAX_RESULTS = 1000;
const STATUSES: readonly ExecutionStatus[] = ['RUNNING', 'SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED_OUT'];
/** Characters Step Functions refuses in a name: whitespace, brackets, wildcards, specials, control characters. */
const INVALID_NAME = /[\s<>{}[\]?*"#%\\^|~`$&,;:/\u0000-\u001f\u007f-\u009f]/;
const STATE_MACHINE_ARN = /^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:stateMachine:[^:]+$/;
const EXECUTION_ARN = /^arn:aws[a-z-]*:states:[a-z0-9-]+:\d{12}:execution:([^:]+):([^:]+)$/;

type Body = Record<string, unknown>;
type Operation = (body: Body) => unknown;

/** Epoch seconds, as AWS JSON protocols carry timestamps. */
const epochSeconds = (date: Date) => date.getTime() / 1000;

function fail(code: string, message: string): never {
  throw new StepFunctionsError(code, message);
}

function requiredString(body: Body, field: string, max = 2048): string {
  const value = body[field];
  if (value === undefined || value === null) fail('ValidationException', `1 validation error detected: Value null at '${field}' failed to satisfy constraint: Member must not be null`);
  if (typeof value !== 'string') fail('SerializationException', `Value for '${field}' must be a string`);
  if ((value as string).length < 1 || (value as string).length > max) {
    fail('ValidationException', `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must have length between 1 and ${max}`);
  }
  return value as string;
}

function optionalString(body: Body, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') fail('SerializationException', `Value for '${field}' must be a string`);
  return value as string;
}

/** An execution as ListExecutions lists it. */
function executionListItem(e: LocalExecution) {
  return {
    executionArn: e.executionArn,
    stateMachineArn: e.stateMachineArn,
    name: e.name,
    status: e.status,
    startDate: epochSeconds(e.startDate),
    ...(e.stopDate ? { stopDate: epochSeconds(e.stopDate) } : {}),
  };
}

function describeExecution(e: LocalExecution) {
  return {
    ...executionListItem(e),
    input: e.input,
    inputDetails: { included: true },
    ...(e.output !== undefined ? { output: e.output, outputDetails: { included: true } } : {}),
    ...(e.error !== undefined ? { error: e.error } : {}),
    ...(e.cause !== undefined ? { cause: e.cause } : {}),
  };
}

export interface StepFunctionsApi {
  /** Serves one request (POST of the AWS JSON 1.0 protocol). */
  (req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** The state machines it knows, by ARN. */
  readonly machines: ReadonlyMap<string, LocalStateMachine>;
  register(machine: LocalStateMachine): void;
  /** Local only: the task calls of one execution (state, handler, start, duration), for profiling. */
  trace(executionArn: string): LocalExecution['tasks'] | undefined;
}

export function createStepFunctionsApi(initial: Iterable<LocalStateMachine> = []): StepFunctionsApi {
  const machines = new Map<string, LocalStateMachine>();
  for (const m of initial) machines.set(m.arn, m);

  const machineOf = (stateMachineArn: string) => {
    if (!STATE_MACHINE_ARN.test(stateMachineArn)) fail('InvalidArn', `Invalid Arn: 'Resource type not valid in this context: ${stateMachineArn}'`);
    return machines.get(stateMachineArn) ?? fail('StateMachineDoesNotExist', `State Machine Does Not Exist: '${stateMachineArn}'`);
  };
  const executionOf = (executionArn: string) => {
    const m = EXECUTION_ARN.exec(executionArn);
    if (!m) fail('InvalidArn', `Invalid Arn: 'Resource type not valid in this context: ${executionArn}'`);
    const machineArn = executionArn.replace(/:execution:([^:]+):[^:]+$/, ':stateMachine:$1');
    const machine = machines.get(machineArn);
    const execution = machine?.describe(executionArn);
    return execution ? { machine: machine!, execution } : fail('ExecutionDoesNotExist', `Execution Does Not Exist: '${executionArn}'`);
  };

  const operations: Record<string, Operation> = {
    StartExecution(body) {
      const machine = machineOf(requiredString(body, 'stateMachineArn'));
      const name = optionalString(body, 'name') ?? randomUUID();
      if (name.length < 1 || name.length > MAX_NAME_LENGTH || INVALID_NAME.test(name)) fail('InvalidName', `Invalid Name: '${name}'`);
      const inputText = optionalString(body, 'input') ?? '{}';
      if (Buffer.byteLength(inputText) > MAX_INPUT_BYTES) fail('InvalidExecutionInput', `Invalid Execution Input: the input is larger than ${MAX_INPUT_BYTES} bytes`);
      let input: unknown;
      try {
        input = JSON.parse(inputText);
      } catch (error) {
        fail('InvalidExecutionInput', `Invalid Execution Input: ${(error as Error).message}`);
      }
      const execution = machine.start(input, name);
      return { executionArn: execution.executionArn, startDate: epochSeconds(execution.startDate) };
    },
    DescribeExecution(body) {
      return describeExecution(executionOf(requiredString(body, 'executionArn')).execution);
    },
    StopExecution(body) {
      const { machine, execution } = executionOf(requiredString(body, 'executionArn'));
      machine.stop(execution.executionArn, optionalString(body, 'error'), optionalString(body, 'cause'));
      return { stopDate: epochSeconds(execution.stopDate ?? new Date()) };
    },
    ListExecutions(body) {
      const machine = machineOf(requiredString(body, 'stateMachineArn'));
      const statusFilter = optionalString(body, 'statusFilter');
      if (statusFilter !== undefined && !STATUSES.includes(statusFilter as ExecutionStatus)) {
        fail('ValidationException', `1 validation error detected: Value '${statusFilter}' at 'statusFilter' failed to satisfy constraint: Member must satisfy enum value set: [${STATUSES.join(', ')}]`);
      }
      const maxResults = body.maxResults === undefined || body.maxResults === 0 ? 100 : Number(body.maxResults);
      if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > MAX_RESULTS) fail('ValidationException', `maxResults must be between 0 and ${MAX_RESULTS}`);
      const token = optionalString(body, 'nextToken');
      const offset = token === undefined ? 0 : Number(Buffer.from(token, 'base64url').toString());
      if (!Number.isInteger(offset) || offset < 0) fail('InvalidToken', `Invalid Token: '${token}'`);
      const all = machine.list(statusFilter as ExecutionStatus | undefined);
      const page = all.slice(offset, offset + maxResults);
      return {
        executions: page.map(executionListItem),
        ...(offset + maxResults < all.length ? { nextToken: Buffer.from(String(offset + maxResults)).toString('base64url') } : {}),
      };
    },
    DescribeStateMachine(body) {
      const machine = machineOf(requiredString(body, 'stateMachineArn'));
      return {
        stateMachineArn: machine.arn,
        name: machine.name,
        status: 'ACTIVE',
        definition: JSON.stringify(machine.definition),
        roleArn: machine.arn.replace(/:states:[^:]+:(\d{12}):stateMachine:.*$/, ':iam::$1:role/local-step-functions'),
        type: 'STANDARD',
        creationDate: epochSeconds(machine.createdAt),
      };
    },
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': CONTENT_TYPE, 'x-amzn-requestid': randomUUID() });
    res.end(JSON.stringify(body));
  };

  const api = (async (req: IncomingMessage, res: ServerResponse) => {
    try {
      if ((req.method ?? 'GET').toUpperCase() !== 'POST') {
        res.writeHead(405, { allow: 'POST', 'content-type': 'text/plain' });
        res.end('The Step Functions API takes POST requests (AWS JSON 1.0)');
        return;
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const operation = target.startsWith(TARGET_PREFIX) ? operations[target.slice(TARGET_PREFIX.length)] : undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      if (!operation) fail('UnknownOperationException', target ? `Operation ${target} is not supported by the local Step Functions` : 'Missing X-Amz-Target header');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: Body;
      try {
        body = raw.trim() ? (JSON.parse(raw) as Body) : {};
      } catch {
        return fail('SerializationException', 'The request body is not valid JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) fail('SerializationException', 'The request body must be a JSON object');
      send(res, 200, operation!(body));
    } catch (error) {
      if (error instanceof StepFunctionsError) return send(res, 400, { __type: error.name, message: error.message });
      console.error('local Step Functions API failed', error);
      send(res, 500, { __type: 'InternalFailure', message: (error as Error).message });
    }
  }) as StepFunctionsApi;

  return Object.assign(api, {
    machines: machines as ReadonlyMap<string, LocalStateMachine>,
    register(machine: LocalStateMachine) {
      machines.set(machine.arn, machine);
    },
    trace(executionArn: string) {
      try {
        return executionOf(executionArn).execution.tasks;
      } catch {
        return undefined;
      }
    },
  });
}
