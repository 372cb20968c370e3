import { DescribeExecutionCommand, SFNClient, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import type { ExecutionState, RenderWorkflow, WorkflowInput } from './ports';

/**
 * The render workflow on Step Functions (locally the host's Step Functions endpoint, SFN_ENDPOINT). Generic in its
 * input so the batch workflow (functions/src/batch) starts its own state machine through the same adapter.
 */
export class SfnRenderWorkflow<I = WorkflowInput> implements Omit<RenderWorkflow, 'start'> {
  private readonly client: SFNClient;

  constructor(
    private readonly stateMachineArn: string,
    options: { region: string; endpoint?: string },
  ) {
    this.client = new SFNClient({ region: options.region, ...(options.endpoint ? { endpoint: options.endpoint } : {}) });
  }

  private executionArn(name: string): string {
    return `${this.stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
  }

  async start(name: string, input: I): Promise<void> {
    try {
      await this.client.send(new StartExecutionCommand({ stateMachineArn: this.stateMachineArn, name, input: JSON.stringify(input) }));
    } catch (error) {
      // Started before with the same input: StartExecution answers that execution; another input under the
      // same name means the package was started already, which is what the caller wanted.
      if ((error as Error).name === 'ExecutionAlreadyExists') return;
      // A call that failed on its way back (a time-out, a dropped connection) may still have started the execution:
      // it runs, so the caller must not refund it. Only an execution that does not exist is a failed start.
      const found = await this.describe(name).catch(() => ({ state: 'MISSING' as ExecutionState }));
      if (found.state === 'MISSING') throw error;
    }
  }

  async describe(name: string): Promise<{ state: ExecutionState; startedAt?: Date }> {
    try {
      const out = await this.client.send(new DescribeExecutionCommand({ executionArn: this.executionArn(name) }));
      return { state: (out.status ?? 'MISSING') as ExecutionState, startedAt: out.startDate };
    } catch (error) {
      if ((error as Error).name === 'ExecutionDoesNotExist') return { state: 'MISSING' };
      throw error;
    }
  }

  async stop(name: string, cause: string): Promise<void> {
    try {
      await this.client.send(new StopExecutionCommand({ executionArn: this.executionArn(name), cause }));
    } catch (error) {
      if ((error as Error).name !== 'ExecutionDoesNotExist') throw error;
    }
  }
}
