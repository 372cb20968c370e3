import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { LocalStateMachine } from '../../infra/local/step-functions-local';
import { stateMachineDefinitions } from '../../infra/local/state-machine-definition';
import type { LambdaHandler } from '../../infra/local/handler-loader';

const fixtureHandlers = (name: string) =>
  import(pathToFileURL(resolve(import.meta.dirname, `../fixtures/workflow-handlers/${name}.ts`)).href).then((m) => m.handler as LambdaHandler);
const { callsFor } = await import('../fixtures/workflow-handlers/flaky-task');

/** A state machine defined in CDK with the same constructs the product uses: LambdaInvoke, Retry, Map, Catch. */
function synthesize() {
  const stack = new Stack(new App(), 'WorkflowUnderTest');
  const fn = (id: string, handler: string) =>
    new lambda.Function(stack, id, { runtime: lambda.Runtime.NODEJS_24_X, handler: 'index.handler', code: lambda.Code.fromInline('exports.handler=async()=>{}'), environment: { HANDLER_NAME: handler } });
  const flaky = new tasks.LambdaInvoke(stack, 'Prepare', { lambdaFunction: fn('Flaky', 'flaky-task'), payloadResponseOnly: true, retryOnServiceExceptions: false, resultPath: '$.prepared' });
  flaky.addRetry({ errors: ['RenderRetryableError'], interval: Duration.seconds(2), backoffRate: 2, maxAttempts: 3, jitterStrategy: sfn.JitterType.FULL });
  const render = new tasks.LambdaInvoke(stack, 'Render angle', { lambdaFunction: fn('Render', 'render-item'), payloadResponseOnly: true, retryOnServiceExceptions: false });
  render.addCatch(new sfn.Pass(stack, 'Mark angle failed', { parameters: { 'item.$': '$.item', 'failed.$': '$.error.Error' } }), { errors: ['States.ALL'], resultPath: '$.error' });
  const map = new sfn.Map(stack, 'Each angle', { itemsPath: '$.items', maxConcurrency: 8, itemSelector: { 'item.$': '$$.Map.Item.Value' }, resultPath: '$.results' });
  map.itemProcessor(render);
  new sfn.StateMachine(stack, 'Machine', { definitionBody: sfn.DefinitionBody.fromChainable(flaky.next(map)) });
  return Object.values(stateMachineDefinitions(Template.fromStack(stack).toJSON() as never))[0]!;
}

describe('Step Functions stand-in: the CDK-synthesized definition on the local ASL interpreter', () => {
  const definition = synthesize();
  const machine = new LocalStateMachine('arn:aws:states:local:000000000000:stateMachine:test', definition, { retryIntervalMs: 10, loadHandler: fixtureHandlers });

  it('a Retry takes effect (two throttles, then success) and a Catch inside the Map keeps one failure from failing the rest', async () => {
    const id = `run-${Date.now()}`;
    const execution = machine.start({ id, failTimes: 2, items: ['front', 'bad', 'rear'] }, id);
    await execution.done;
    expect(execution.error ? `${execution.error}: ${execution.cause}` : execution.status).toBe('SUCCEEDED');
    expect(callsFor(id)).toBe(3);
    const output = JSON.parse(execution.output!);
    expect(output.prepared).toEqual({ id, attempts: 3 });
    expect(output.results).toEqual([
      { item: 'front', rendered: true },
      { item: 'bad', failed: 'RenderPermanentError' },
      { item: 'rear', rendered: true },
    ]);
  });

  it('when retries run out the execution fails with the handler error name', async () => {
    const id = `exhausted-${Date.now()}`;
    const execution = machine.start({ id, failTimes: 5, items: [] }, id);
    await execution.done;
    expect(execution.status).toBe('FAILED');
    expect(execution.error).toBe('RenderRetryableError');
    expect(callsFor(id)).toBe(4); // the first try and MaxAttempts (3) retries
  });

  it('starting twice with the same name is idempotent; another input under that name is refused', async () => {
    const id = `idem-${Date.now()}`;
    const first = machine.start({ id, failTimes: 0, items: [] }, id);
    expect(machine.start({ id, failTimes: 0, items: [] }, id)).toBe(first);
    expect(() => machine.start({ id, failTimes: 1, items: [] }, id)).toThrow(/Already Exists/);
    await first.done;
    expect(callsFor(id)).toBe(1);
  });

  it('a definition is validated (an invalid one is refused every time, also after a valid one was accepted)', () => {
    const arn = 'arn:aws:states:local:000000000000:stateMachine:invalid';
    const invalid = { ...definition, StartAt: 'NoSuchState' } as typeof definition;
    expect(() => new LocalStateMachine(arn, definition)).not.toThrow();
    expect(() => new LocalStateMachine(arn, invalid)).toThrow(/definition is invalid/);
    expect(() => new LocalStateMachine(arn, invalid)).toThrow(/definition is invalid/);
  });
});
