import { createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The secrets of the local stand-ins, generated for each data folder at its first start and kept in it
 * (`keys/local-secrets.json`, readable by this user only), so no constant printed in a README or a package opens them:
 * a web page the browser visits cannot sign an S3 upload or download, a Stripe webhook or a Cognito admin call.
 */
export interface LocalSecrets {
  /** AWS-style credentials the local stand-ins accept (S3 presigned URLs, the Cognito admin API, Step Functions). */
  awsCredentials: { accessKeyId: string; secretAccessKey: string };
  /** The payment simulator's secret API key and the secret its webhook events are signed with. */
  stripe: { secretKey: string; webhookSecret: string };
  /** Keys the local Cognito's stable answer for a name no account has (as AWS answers a stable id). */
  cognitoUnknownUserKey: string;
}

const FILE = ['keys', 'local-secrets.json'] as const;
const token = (bytes: number) => randomBytes(bytes).toString('base64url');

function generate(): LocalSecrets {
  return {
    awsCredentials: { accessKeyId: `LOCAL${randomBytes(10).toString('hex').toUpperCase()}`, secretAccessKey: token(30) },
    stripe: { secretKey: `sk_test_local_${token(24)}`, webhookSecret: `whsec_local_${token(24)}` },
    cognitoUnknownUserKey: token(32),
  };
}

function isSecrets(value: unknown): value is LocalSecrets {
  const v = value as LocalSecrets;
  return (
    typeof v?.awsCredentials?.accessKeyId === 'string' &&
    typeof v.awsCredentials.secretAccessKey === 'string' &&
    typeof v.stripe?.secretKey === 'string' &&
    typeof v.stripe.webhookSecret === 'string' &&
    typeof v.cognitoUnknownUserKey === 'string'
  );
}

/** The data folder's secrets: read, or made at the first start (two starts at once agree: the file is created once). */
export async function loadLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = join(dataDir, ...FILE);
  await mkdir(join(dataDir, FILE[0]), { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, JSON.stringify(generate(), null, 2), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!isSecrets(parsed)) throw new Error(`${file} is damaged; remove it (the local stand-ins get new secrets at the next start)`);
  return parsed;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the local Cognito answers as USERNAME for a name no (confirmed) account has: a version-4 UUID derived from the
 * name and the data folder's key, so the same name gets the same id every time, as a real account's does, and nobody
 * without the key can tell it from one. A name that is itself an id is answered back, as an account's own id is.
 */
export function pseudoUsername(key: string, name: string): string {
  const lower = name.trim().toLowerCase();
  if (UUID.test(lower)) return lower;
  const bytes = createHmac('sha256', key).update(lower).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
