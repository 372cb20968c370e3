import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { SfnRenderWorkflow } from './sfn-render-workflow';

const ARN = 'arn:aws:states:eu-west-1:123456789012:stateMachine:render';

/** The adapter with its SFN client's send replaced: the wire answers what each test scripts. */
function workflowAnswering(answer: (command: unknown) => unknown) {
  const workflow = new SfnRenderWorkflow(ARN, { region: 'eu-west-1' });
  const sent: string[] = [];
  (workflow as unknown as { client: { send: (c: unknown) => Promise<unknown> } }).client.send = async (command: unknown) => {
    sent.push((command as object).constructor.name);
    return answer(command);
  };
  return { workflow, sent };
}

const timeout = Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });

describe('SfnRenderWorkflow.start', () => {
  it('counts a start whose answer was lost but whose execution runs as started (so the caller does not refund it)', async () => {
    const { workflow, sent } = workflowAnswering((c) => {
      if (c instanceof StartExecutionCommand) throw timeout;
      if (c instanceof DescribeExecutionCommand) return { status: 'RUNNING', startDate: new Date() };
      throw new Error('unexpected');
    });
    await expect(workflow.start('pkg-1', { package_id: 'pkg-1', user_id: 'u', angles: [] })).resolves.toBeUndefined();
    expect(sent).toEqual(['StartExecutionCommand', 'DescribeExecutionCommand']);
  });

  it('fails a start when no execution exists afterwards', async () => {
    const { workflow } = workflowAnswering((c) => {
      if (c instanceof StartExecutionCommand) throw timeout;
      throw Object.assign(new Error('no such execution'), { name: 'ExecutionDoesNotExist' });
    });
    await expect(workflow.start('pkg-2', { package_id: 'pkg-2', user_id: 'u', angles: [] })).rejects.toThrow('socket hang up');
  });

  it('fails a start when the execution cannot be looked up either', async () => {
    const { workflow } = workflowAnswering(() => {
      throw timeout;
    });
    await expect(workflow.start('pkg-3', { package_id: 'pkg-3', user_id: 'u', angles: [] })).rejects.toThrow('socket hang up');
  });

  it('treats an execution of the same name as the start asked for', async () => {
    const { workflow, sent } = workflowAnswering(() => {
      throw Object.assign(new Error('exists'), { name: 'ExecutionAlreadyExists' });
    });
    await expect(workflow.start('pkg-4', { package_id: 'pkg-4', user_id: 'u', angles: [] })).resolves.toBeUndefined();
    expect(sent).toEqual(['StartExecutionCommand']);
  });
});
