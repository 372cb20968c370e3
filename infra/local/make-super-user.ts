/**
 * `npm run user:super -- <email>`: makes the local account that signed in with <email> a super user. Starts the
 * local engines on the usual data folder (as `npm run invoke` does), changes the profile's role, and stops.
 * Stop `npm start` first: both would use the same data folder.
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

const { PortInUseError, startLocalHost } = await import('./host');
let host: Awaited<ReturnType<typeof startLocalHost>>;
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

let code = 0;
try {
  const { promoteToSuperUser } = await import('../../functions/src/accounts/super-user');
  const { DynamoDbAccountStore } = await import('../../functions/src/accounts/dynamodb-account-store');
  const profile = await promoteToSuperUser(new DynamoDbAccountStore(), email);
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
  await host.stop();
}
process.exit(code);
export {};
