import { S3Client } from '@aws-sdk/client-s3';
import { config } from '../../lib/config';

let client: S3Client | undefined;
let publicClient: S3Client | undefined;

const options = (endpoint: string | undefined, region: string) => ({
  region,
  ...(endpoint
    ? {
        endpoint,
        // Path-style addressing and checksums only when required: what the local S3-compatible server understands.
        forcePathStyle: true,
        requestChecksumCalculation: 'WHEN_REQUIRED' as const,
        responseChecksumValidation: 'WHEN_REQUIRED' as const,
      }
    : {}),
});

/** S3 client for server-side calls (S3_ENDPOINT locally). */
export function s3(): S3Client {
  client ??= new S3Client(options(config().S3_ENDPOINT, config().AWS_REGION));
  return client;
}

/** S3 client used only to sign URLs the browser will use (locally the host's public /s3 front). */
export function s3ForBrowser(): S3Client {
  const c = config();
  publicClient ??= new S3Client(options(c.S3_PUBLIC_ENDPOINT ?? c.S3_ENDPOINT, c.AWS_REGION));
  return publicClient;
}
