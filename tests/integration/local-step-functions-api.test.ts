import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DescribeExecutionCommand,
  DescribeStateMachineCommand,
  ExecutionAlreadyExists,
  ExecutionDoesNotExist,
  InvalidArn,
  InvalidExecutionInput,
  InvalidName,
  ListExecutionsCommand,
  SFNClient,
  StartExecutionCommand,
  StateMachineDoesNotExist,
  StopExecutionCommand,
  type DescribeExecutionCommandOutput,
} from '@aws-sdk/client-sfn';
import { createStepFunctionsApi } from '../../infra/local/step-functions-api';
import { LocalStateMachine } from '../../infra/local/step-functions-local';
import type { AslDefinition } from '../../infra/local/state-machine-definition';
import type { LambdaHandler } from '../../infra/local/handler-loader';
import { RENDER_WORKFLOW_NAME, renderWorkflowArn, synthesizeRenderWorkflow } from '../../infra/local/render-workflow-local';
import { useLocalHost } from '../support/local-host';

/**
 * The local Step Functions endpoint driven by the unmodified @aws-sdk/client-sfn: what the SDK sends (AWS JSON 1.0)
 * and whether it parses the answers (epoch-second dates, errors by __type) exactly as it would AWS's.
 */
const REGION = 'us-east-1';
const MACHINE_ARN = `arn:aws:states:${REGION}:000000000000:stateMachine:api-under-test`;

/** A task that waits `waitMs`, then answers, or fails with the error name it is given. */
const echo: LambdaHandler = async (event) => {
  const input = event as { value: unknown; waitMs?: number; failWith?: string };
  await new Promise((r) => setTimeout(r, input.waitMs ?? 0));
  if (input.failWith) throw Object.assign(new Error(`asked to fail as ${input.failWith}`), { name: input.failWith });
  return { echoed: input.value };
};
const definition: AslDefinition = {
  StartAt: 'Echo',
  States: {
    Echo: { Type: 'Task', Resource: 'arn:aws:lambda:local:000000000000:function:echo', ResultPath: '$.result', Next: 'Done' },
    Done: { Type: 'Pass', Parameters: { 'result.$': '$.result.echoed', 'execution.$': '$$.Execution.Name' }, End: true },
  },
};

let server: Server;
let sfn: SFNClient;
beforeAll(async () => {
  const api = createStepFunctionsApi([new LocalStateMachine(MACHINE_ARN, definition, { loadHandler: async () => echo })]);
  server = createServer((req, res) => void api(req, res));
  const port = await new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as { port: number }).port)));
  sfn = new SFNClient({ region: REGION, endpoint: `http://127.0.0.1:${port}/_local/sfn`, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const start = (name: string | undefined, input: unknown) => sfn.send(new StartExecutionCommand({ stateMachineArn: MACHINE_ARN, name, input: JSON.stringify(input) }));
const describeExecution = (executionArn: string) => sfn.send(new DescribeExecutionCommand({ executionArn }));
async function untilClosed(executionArn: string): Promise<DescribeExecutionCommandOutput> {
  for (let i = 0; i < 200; i++) {
    const d = await describeExecution(executionArn);
    if (d.status !== 'RUNNING') return d;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${executionArn} still running`);
}
const unique = (label: string) => `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

describe('local Step Functions API through @aws-sdk/client-sfn', () => {
  it('StartExecution, then DescribeExecution until SUCCEEDED with the output; dates parse as Dates', async () => {
    const before = Date.now();
    const name = unique('ok');
    const started = await start(name, { value: { n: 7 }, waitMs: 100 });
    expect(started.executionArn).toBe(`arn:aws:states:${REGION}:000000000000:execution:api-under-test:${name}`);
    expect(started.startDate).toBeInstanceOf(Date);
    expect(Math.abs(started.startDate!.getTime() - before)).toBeLessThan(5_000);

    const running = await describeExecution(started.executionArn!);
    expect(running.status).toBe('RUNNING');
    expect(running.stopDate).toBeUndefined();
    expect(JSON.parse(running.input!)).toEqual({ value: { n: 7 }, waitMs: 100 });

    const done = await untilClosed(started.executionArn!);
    expect(done.status).toBe('SUCCEEDED');
    expect(JSON.parse(done.output!)).toEqual({ result: { n: 7 }, execution: name });
    expect(done.name).toBe(name);
    expect(done.stateMachineArn).toBe(MACHINE_ARN);
    expect(done.startDate!.getTime()).toBe(started.startDate!.getTime());
    expect(done.stopDate).toBeInstanceOf(Date);
    expect(done.stopDate!.getTime() - done.startDate!.getTime()).toBeGreaterThanOrEqual(90);
  });

  it('a name is idempotent while its execution runs (same input: same execution; other input: ExecutionAlreadyExists), refused once closed', async () => {
    const name = unique('idem');
    const input = { value: 'a', waitMs: 300 };
    const first = await start(name, input);
    const again = await start(name, input);
    expect(again.executionArn).toBe(first.executionArn);
    expect(again.startDate!.getTime()).toBe(first.startDate!.getTime());
    const other = await start(name, { value: 'b', waitMs: 300 }).catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ExecutionAlreadyExists);
    expect((other as Error).message).toContain(first.executionArn!);

    expect((await untilClosed(first.executionArn!)).output).toBe(JSON.stringify({ result: 'a', execution: name }));
    // As in AWS: once the execution has closed, its name is taken whatever the input.
    await expect(start(name, input)).rejects.toBeInstanceOf(ExecutionAlreadyExists);
    const listed = await sfn.send(new ListExecutionsCommand({ stateMachineArn: MACHINE_ARN }));
    expect(listed.executions!.filter((e) => e.name === name)).toHaveLength(1);
  });

  it('unknown executions, unknown state machines, bad names, bad input and bad ARNs get the errors AWS gives', async () => {
    await expect(describeExecution(`arn:aws:states:${REGION}:000000000000:execution:api-under-test:never-started`)).rejects.toBeInstanceOf(ExecutionDoesNotExist);
    await expect(describeExecution(`arn:aws:states:${REGION}:000000000000:execution:no-such-machine:x`)).rejects.toBeInstanceOf(ExecutionDoesNotExist);
    const unknownMachine = `arn:aws:states:${REGION}:000000000000:stateMachine:no-such-machine`;
    await expect(sfn.send(new StartExecutionCommand({ stateMachineArn: unknownMachine, input: '{}' }))).rejects.toBeInstanceOf(StateMachineDoesNotExist);
    await expect(sfn.send(new ListExecutionsCommand({ stateMachineArn: unknownMachine }))).rejects.toBeInstanceOf(StateMachineDoesNotExist);
    await expect(start('has space', { value: 1 })).rejects.toBeInstanceOf(InvalidName);
    await expect(start('x'.repeat(81), { value: 1 })).rejects.toBeInstanceOf(InvalidName);
    await expect(sfn.send(new StartExecutionCommand({ stateMachineArn: MACHINE_ARN, input: '{not json' }))).rejects.toBeInstanceOf(InvalidExecutionInput);
    await expect(describeExecution('not-an-arn')).rejects.toBeInstanceOf(InvalidArn);
    await expect(sfn.send(new StartExecutionCommand({ stateMachineArn: undefined as never, input: '{}' }))).rejects.toMatchObject({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } });
  });

  it('a failing task fails the execution with its error name; StopExecution aborts a running one', async () => {
    const failed = await start(unique('fail'), { value: 1, failWith: 'RenderPermanentError' });
    const closed = await untilClosed(failed.executionArn!);
    expect(closed).toMatchObject({ status: 'FAILED', error: 'RenderPermanentError' });
    // The cause is what Lambda reports, as in AWS: the error's type, message and stack.
    expect(JSON.parse(closed.cause!)).toMatchObject({ errorType: 'RenderPermanentError', errorMessage: 'asked to fail as RenderPermanentError', trace: expect.arrayContaining([expect.stringMatching(/^RenderPermanentError: /)]) });
    expect(closed.output).toBeUndefined();

    const slow = await start(unique('stop'), { value: 1, waitMs: 1_000 });
    const stopped = await sfn.send(new StopExecutionCommand({ executionArn: slow.executionArn, error: 'Dealer.Cancelled', cause: 'changed their mind' }));
    expect(stopped.stopDate).toBeInstanceOf(Date);
    const aborted = await describeExecution(slow.executionArn!);
    expect(aborted).toMatchObject({ status: 'ABORTED', error: 'Dealer.Cancelled', cause: 'changed their mind' });
    await new Promise((r) => setTimeout(r, 1_100));
    // The task in flight finished, but nothing after it ran: still ABORTED, no output.
    const later = await describeExecution(slow.executionArn!);
    expect(later.status).toBe('ABORTED');
    expect(later.output).toBeUndefined();

    const abortedList = await sfn.send(new ListExecutionsCommand({ stateMachineArn: MACHINE_ARN, statusFilter: 'ABORTED' }));
    expect(abortedList.executions!.map((e) => e.executionArn)).toContain(slow.executionArn);
    expect(abortedList.executions!.every((e) => e.status === 'ABORTED')).toBe(true);
  });

  it('ListExecutions pages newest first with nextToken', async () => {
    const names = [unique('page-a'), unique('page-b'), unique('page-c')];
    for (const name of names) {
      await start(name, { value: name });
      await new Promise((r) => setTimeout(r, 5));
    }
    const seen: string[] = [];
    let nextToken: string | undefined;
    do {
      const page = await sfn.send(new ListExecutionsCommand({ stateMachineArn: MACHINE_ARN, maxResults: 2, nextToken }));
      expect(page.executions!.length).toBeLessThanOrEqual(2);
      for (const e of page.executions!) expect(e.startDate).toBeInstanceOf(Date);
      seen.push(...page.executions!.map((e) => e.name!));
      nextToken = page.nextToken;
    } while (nextToken);
    expect(seen.filter((n) => names.includes(n))).toEqual([...names].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe('the local host serves the render workflow at /_local/sfn', () => {
  it('its definition is the one CDK synthesizes from the RenderWorkflow construct (the cache is not stale), and it knows no execution it did not start', async () => {
    const { url } = useLocalHost();
    const region = process.env.AWS_REGION ?? 'us-east-1';
    const host = new SFNClient({ region, endpoint: `${url}/_local/sfn`, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    const described = await host.send(new DescribeStateMachineCommand({ stateMachineArn: renderWorkflowArn(region) }));
    expect(described).toMatchObject({ name: RENDER_WORKFLOW_NAME, status: 'ACTIVE', type: 'STANDARD' });
    expect(JSON.parse(described.definition!)).toEqual(await synthesizeRenderWorkflow());
    await expect(
      host.send(new DescribeExecutionCommand({ executionArn: renderWorkflowArn(region).replace(':stateMachine:', ':execution:') + ':01JNOTSTARTEDBYTHISHOST0000' })),
    ).rejects.toBeInstanceOf(ExecutionDoesNotExist);
  }, 60_000);
});
