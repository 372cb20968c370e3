/**
 * `npm run user:super -- <email>`: makes the account that signed in with <email> a super user: the bootstrap of the
 * FIRST super user (every other is made in the admin area's Dealers tab). Recorded on the dealer's page like those.
 * Locally it starts the local engines on the usual data folder (as `npm run invoke` does), changes the role, and
 * stops: stop `npm start` first, both would use the same data folder. With LOCAL_DYNAMODB=aws it uses the deployed
 * table (TABLE_NAME, AWS credentials) and starts no local engine: the local host's start-up sweep would otherwise
 * close the deployed table's running car packages, whose executions the local Step Functions does not know.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
const { emailSchema } = await import('@shared/schemas/common');
const { MESSAGES } = await import('@shared/messages');

const parsed = emailSchema.safeParse(process.argv[2]);
if (!parsed.success) {
  console.error('Usage: npm run user:super -- <email>   e.g. npm run user:super -- dana@example.com');
  process.exit(2);
}
const email = parsed.data;

const againstAws = process.env.LOCAL_DYNAMODB === 'aws';
if (againstAws && !process.env.TABLE_NAME) {
  console.error("LOCAL_DYNAMODB=aws needs TABLE_NAME=<the Data stack's table>, AWS_REGION and AWS credentials that may read and write it.");
  process.exit(2);
}
if (againstAws) {
  // The functions' configuration names the buckets too; this script never touches them.
  process.env.UPLOADS_BUCKET ??= 'not-used-by-user-super';
  process.env.RENDERS_BUCKET ??= 'not-used-by-user-super';
}

let host: { stop(): Promise<void> } | undefined;
if (!againstAws) {
  const { PortInUseError, startLocalHost } = await import('./host');
  try {
    // The configured port on purpose: if it is taken, `npm start` is probably running on the same data folder.
    host = await startLocalHost({ skipSpa: true, log: () => undefined });
  } catch (error) {
    if (error instanceof PortInUseError) {
      console.error(`${error.message}\nIf \`npm start\` is running, stop it first (both would use the same data folder), then run this again.`);
    } else {
      console.error('The local engines could not start:', (error as Error).message);
    }
    process.exit(1);
  }
}

let code = 0;
try {
  // The first super user; every other is made in the admin area's Dealers tab. Recorded like those changes.
  const { bootstrapSuperUser } = await import('../../functions/src/dealers/dealer-admin');
  const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
  const { DynamoDbRoleChangeStore } = await import('../../functions/src/dealers/dynamodb-role-change-store');
  const profile = await bootstrapSuperUser({ accounts: new DynamoDbAccountStore(), roles: new DynamoDbRoleChangeStore() }, email);
  if (profile) {
    console.log(`${profile.email} is now a super user (account ${profile.id}). Sign in again (or reload) to see the super-user features.`);
  } else {
    console.error(MESSAGES.noSuchUser(email));
    code = 1;
  }
} catch (error) {
  console.error('Could not change the role:', (error as Error).message);
  code = 1;
} finally {
  await host?.stop();
}
process.exit(code);
export {};
