import { access, constants, mkdir } from 'node:fs/promises';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import { SESv2Client, GetAccountCommand } from '@aws-sdk/client-sesv2';
import { dynamo, tableName } from '../adapters/dynamodb/client';
import { s3 } from '../adapters/s3/client';
import { config } from '../lib/config';
import type { EngineProbe } from './check-health';

/** Probes of the engines behind the API, whichever home they are in. */
export function engineProbes(): EngineProbe[] {
  const c = config();
  const probes: EngineProbe[] = [
    {
      name: 'dynamodb',
      check: async () => {
        const out = await dynamo().send(new DescribeTableCommand({ TableName: tableName() }));
        return out.Table?.TableStatus;
      },
    },
    { name: 's3-uploads', check: () => bucketAnswers(c.UPLOADS_BUCKET) },
    { name: 's3-renders', check: () => bucketAnswers(c.RENDERS_BUCKET) },
  ];
  if (c.MAIL_TRANSPORT === 'outbox') {
    probes.push({
      name: 'mail',
      check: async () => {
        await mkdir(c.OUTBOX_DIR!, { recursive: true });
        await access(c.OUTBOX_DIR!, constants.W_OK);
        return 'outbox';
      },
    });
  } else {
    probes.push({
      name: 'mail',
      check: async () => {
        const out = await new SESv2Client({ region: c.AWS_REGION }).send(new GetAccountCommand({}));
        return out.SendingEnabled ? 'ses' : 'ses: sending disabled';
      },
    });
  }
  return probes;
}

/** The bucket exists and we may use it (HeadBucket lists nothing, so uploads in flight cannot disturb it). */
async function bucketAnswers(bucket: string): Promise<void> {
  await s3().send(new HeadBucketCommand({ Bucket: bucket }));
}
