import { afterAll, expect } from 'vitest';
import * as h from '../support/car-package-harness';
import { startCarPackage } from '../../functions/src/car-packages/start-package';

/**
 * Shared by the two renderer-fault files (the one file took 65 s in a clean-clone run, near the 90-s guard):
 *   car-packages-faults-angles: a retryable error retried, a permanent one, an error of ours: one angle fails, the
 *     rest complete;
 *   car-packages-faults-refunds: every angle failing refunds once, the dealer's free retry, the sweeper's refund.
 * Renderer faults run through the REAL render workflow: the CDK-synthesized definition (Retry, Catch inside the Map,
 * finalize) on a LocalStateMachine in the test's process, its tasks running the real use cases against the shared
 * host's DynamoDB and S3, the renderer port scripted (ScriptedRenderer) to fail chosen angles in chosen ways. The API
 * use cases (startCarPackage, retryAngle) reach it through the real SfnRenderWorkflow adapter over the SFN wire
 * protocol. Imported after useLocalHost, whose environment these modules read.
 */
export const SCRIPTED_REFUSAL = 'The scripted image service refused this angle (scripted).';
export const FREE = 'You can retry this angle for free.';

type Workflow = Awaited<ReturnType<typeof h.scriptedWorkflow>>;

/** The file's own Step Functions endpoint (closed after the file): each file that calls it runs its workflows there. */
export async function faultsStepFunctions() {
  const sfn = await h.TestStepFunctions.start();
  afterAll(() => sfn.close());
  return sfn;
}

/** A dealer with 5 credits and a started package whose 5 tagged photos can give all 8 angles. */
export async function startedPackage(w: Workflow) {
  const dealer = await h.newDealer('faults');
  const photo = await h.carPhoto();
  const id = await h.createUploadedDraft(
    dealer.sub,
    h.ALL_ANGLE_TAGS.map((angle) => ({ bytes: photo, angle })),
    'Faulty 2021 Cupra Born',
  );
  const started = await startCarPackage(w.packageDeps, dealer.sub, id);
  expect(started.replayed).toBe(false);
  expect(started.balance.total_credits).toBe(4);
  return { dealer, id };
}

export const executionOf = (w: Workflow, name: string) => w.machine.describe(w.machine.executionArnFor(name))!;
