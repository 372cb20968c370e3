import { inviteIdParamsSchema } from '@shared/schemas/team';
import { DynamoDbAccountStore } from '../accounts/dynamodb-account-store';
import { SfnRenderWorkflow } from '../car-packages/sfn-render-workflow';
import { apiHandler } from '../http/api-handler';
import { config } from '../lib/config';
import { DynamoDbErasureStore } from '../privacy/dynamodb-erasure-store';
import { eraseDealershipKeepingSignIn } from '../privacy/erase-account';
import { S3ObjectEraser } from '../privacy/s3-object-eraser';
import { acceptInvite } from '../team/team';
import { memberOf, teamDeps } from '../team/team-deps';

const c = config();
for (const name of ['STATE_MACHINE_ARN', 'BATCH_STATE_MACHINE_ARN'] as const) if (!c[name]) throw new Error(`Missing required environment variable: ${name}`);
const workflow = (arn: string) => new SfnRenderWorkflow(arn, { region: c.AWS_REGION, endpoint: c.SFN_ENDPOINT });
const erasure = {
  accounts: new DynamoDbAccountStore(),
  store: new DynamoDbErasureStore(),
  objects: new S3ObjectEraser({ uploads: c.UPLOADS_BUCKET, renders: c.RENDERS_BUCKET }),
  workflows: { packages: workflow(c.STATE_MACHINE_ARN!), batches: workflow(c.BATCH_STATE_MACHINE_ARN!) },
};
const deps = { ...teamDeps(), eraseOwnDealership: async (sub: string) => void (await eraseDealershipKeepingSignIn(erasure, sub)) };

/** The dashboard's invite notice (issue 42): Join leaves the person's dealership for the inviting one. */
export const handler = apiHandler('accept-team-invite', { params: inviteIdParamsSchema }, async ({ params, caller }) => ({
  body: await acceptInvite(deps, memberOf(caller), params.id),
}));
