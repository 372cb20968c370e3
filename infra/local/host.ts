import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import compression from 'compression';
import sirv from 'sirv';
import { failAloneOnVanishedFile } from './static-files';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { CREDIT_PACKAGES } from '@shared/pricing';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { readLocalConfig, type LocalConfig } from './local-config';
import { loadLocalSecrets } from './local-secrets';
import { securityHeaders } from '../security-headers';
import { NOT_SHARED_API_PATH, isEmbedPath, shareApiPath } from '../share-routes';
import { ensureTable, startDynamoDbLocal, type RunningDynamoDb } from './dynamodb-local';
import { startS3Local, type RunningS3 } from './s3-local';
import { createHttpGateway } from './http-gateway';
import { randomUUID } from 'node:crypto';
import { lambdaContext, loadHandler } from './handler-loader';
import { createWebSocketGateway } from './websocket-gateway';
import { serveOutbox } from './outbox-page';
import { createLocalCognito } from './cognito-local';
import { SPA_DIST, ensureSpaBuilt } from './spa-build';
import { SWEEP_INTERVAL_MINUTES } from '../workflow-tasks';
import { batchWorkflowArn, loadBatchWorkflowDefinition, loadRenderWorkflowDefinition, renderWorkflowArn } from './render-workflow-local';
import type { StepFunctionsApi } from './step-functions-api';
import { startSweeperTimer } from './sweeper-timer';
import { serveCardForm } from './stripe-simulator/card-form-page';
import { SIMULATOR_PUBLISHABLE_KEY, StripeSimulator } from './stripe-simulator/simulator';
import { WebhookDeliverer } from './stripe-simulator/webhook-deliverer';
import { outdoorStylesOf } from './scene-library-notice';
import { LOCAL_USER_POOL } from './local-user-pool';

export interface LocalHost {
  url: string;
  config: LocalConfig;
  /** What the local stand-ins accept a signature from, and the functions of this host sign with. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  stop(): Promise<void>;
}

export interface HostOptions {
  /** Overrides of the environment's configuration (tests use PORT 0 and a temporary DATA_DIR). */
  overrides?: Parameters<typeof readLocalConfig>[1];
  /** Serve the SPA through Vite's dev server with hot reload instead of the built files. */
  dev?: boolean;
  /** Skip building the SPA (tests that only use the API). */
  skipSpa?: boolean;
  /**
   * A DynamoDB Local that is running already (the test run's), used instead of starting one: the host makes its table
   * (TABLE_NAME) there and leaves the engine running when it stops. Tests only: a second JVM costs 5 to 8 core-s.
   */
  dynamoDbEndpoint?: string;
  log?: (line: string) => void;
}


export class PortInUseError extends Error {}

export { LOCAL_USER_POOL };

/**
 * The local home: every engine the product uses, on this machine, behind one URL. The API runs the same
 * handlers as the Lambdas, configured through the same environment variables CDK sets.
 */
export async function startLocalHost(options: HostOptions = {}): Promise<LocalHost> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cfg = readLocalConfig(process.env, options.overrides);
  const stops: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
  };

  // 1. Claim the one public port first, so a port in use fails fast with a clear message.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new PortInUseError(`Port ${cfg.PORT} is already in use. Choose another one: PORT=${cfg.PORT + 1} npm start`)
          : e,
      ),
    );
    server.listen(cfg.PORT, cfg.HOST, () => resolve());
  });
  stops.push(() => new Promise<void>((r) => server.close(() => r())));
  const port = (server.address() as { port: number }).port;
  const url = `http://localhost:${port}`;
  // Answer from the first moment the port is open: "starting" until every engine is up.
  let route: ((req: IncomingMessage, res: ServerResponse) => Promise<unknown>) | undefined;
  server.on('request', (req, res) => {
    if (!route) {
      res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' });
      res.end('Starting…');
      return;
    }
    route(req, res).catch((error: Error) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });

  try {
    // The stand-ins accept only this data folder's generated key, which the functions sign with unless the environment
    // has keys of its own (e.g. for LOCAL_DYNAMODB=aws): then those are accepted too (they are no public constant either).
    const secrets = await loadLocalSecrets(cfg.dataDir);
    if (!process.env.AWS_ACCESS_KEY_ID && !process.env.AWS_PROFILE) {
      process.env.AWS_ACCESS_KEY_ID = secrets.awsCredentials.accessKeyId;
      process.env.AWS_SECRET_ACCESS_KEY = secrets.awsCredentials.secretAccessKey;
    }
    const ownKeys = process.env.AWS_ACCESS_KEY_ID && process.env.AWS_SECRET_ACCESS_KEY ? [{ accessKeyId: process.env.AWS_ACCESS_KEY_ID, secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY }] : [];
    const acceptedCredentials = [secrets.awsCredentials, ...ownKeys.filter((k) => k.accessKeyId !== secrets.awsCredentials.accessKeyId)];
    const siteOrigins = [url, `http://127.0.0.1:${port}`, ...(options.dev ? ['http://localhost:5173'] : [])];
    const spaBuild = options.skipSpa || options.dev ? Promise.resolve('skipped') : ensureSpaBuilt(log);

    // 2. The engines, in parallel; meanwhile the render workflow's definition (cached, or synthesized by CDK) and
    //    the ASL interpreter (about 0.5 s to import), while DynamoDB Local's Java starts.
    const stateMachineArn = renderWorkflowArn(cfg.AWS_REGION);
    const batchStateMachineArn = batchWorkflowArn(cfg.AWS_REGION);
    const realStripe = !!cfg.STRIPE_SECRET_KEY;
    const [dynamodb, s3, workflow] = await Promise.all([
      options.dynamoDbEndpoint
        ? Promise.resolve<RunningDynamoDb>({ endpoint: options.dynamoDbEndpoint, stop: async () => undefined })
        : cfg.LOCAL_DYNAMODB !== 'aws'
          ? startDynamoDbLocal(cfg.dataDir, cfg.AWS_REGION, { inMemory: cfg.LOCAL_DYNAMODB === 'memory' })
          : Promise.resolve<RunningDynamoDb | undefined>(undefined),
      cfg.LOCAL_S3 === 'local'
        ? startS3Local({ dataDir: cfg.dataDir, buckets: [cfg.UPLOADS_BUCKET, cfg.RENDERS_BUCKET], credentials: acceptedCredentials, origins: siteOrigins })
        : Promise.resolve<RunningS3 | undefined>(undefined),
      Promise.all([loadRenderWorkflowDefinition(), loadBatchWorkflowDefinition(), import('./step-functions-local'), import('./step-functions-api')]).then(
        ([loaded, loadedBatch, { LocalStateMachine }, { createStepFunctionsApi }]) => {
          // Step Functions: the workflows on the ASL interpreter, behind the real API's protocol at /_local/sfn.
          const machine = new LocalStateMachine(stateMachineArn, loaded.definition);
          const batchMachine = new LocalStateMachine(batchStateMachineArn, loadedBatch.definition);
          return { loaded, loadedBatch, machine, batchMachine, api: createStepFunctionsApi([machine, batchMachine]) };
        },
      ),
    ]);
    if (dynamodb) stops.push(() => dynamodb.stop());
    if (s3) stops.push(() => s3.stop());
    if (workflow.loaded.source === 'synthesized') log(`Synthesized the render workflow in ${(workflow.loaded.ms / 1000).toFixed(1)} s (cached in .cache/local-workflow)`);
    if (workflow.loadedBatch.source === 'synthesized') log(`Synthesized the batch workflow in ${(workflow.loadedBatch.ms / 1000).toFixed(1)} s (cached in .cache/local-workflow)`);
    const sfn = workflow.api;
    // Stopped before the engines (stops run in reverse): no task of an execution runs on a stopped engine.
    stops.push(() => {
      workflow.machine.stopAll();
      workflow.batchMachine.stopAll();
    });

    // 3. The environment of the functions: exactly the variables CDK gives the Lambdas, plus endpoint overrides.
    Object.assign(process.env, {
      APP_HOME: 'local',
      AWS_REGION: cfg.AWS_REGION,
      TABLE_NAME: cfg.TABLE_NAME,
      UPLOADS_BUCKET: cfg.UPLOADS_BUCKET,
      RENDERS_BUCKET: cfg.RENDERS_BUCKET,
      SUPPORT_EMAIL: cfg.SUPPORT_EMAIL,
      MAIL_FROM: cfg.MAIL_FROM,
      MAIL_TRANSPORT: cfg.LOCAL_MAIL === 'outbox' ? 'outbox' : 'ses',
      OUTBOX_DIR: join(cfg.dataDir, 'outbox'),
      WEBSOCKET_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${port}/_local/ws-management`,
      PUBLIC_URL: url,
      USER_POOL_ID: LOCAL_USER_POOL.userPoolId,
      COGNITO_ENDPOINT: `http://127.0.0.1:${port}/_local/cognito`,
      MAGIC_LINK_SIGNER: 'local',
      MAGIC_LINK_KEY_FILE: join(cfg.dataDir, 'keys', 'magic-link-ed25519.pem'),
      C2PA_KEY_DIR: join(cfg.dataDir, 'keys'),
      ALLOWED_ORIGINS: siteOrigins.join(','),
      STATE_MACHINE_ARN: stateMachineArn,
      BATCH_STATE_MACHINE_ARN: batchStateMachineArn,
      SFN_ENDPOINT: `http://127.0.0.1:${port}/_local/sfn`,
      // The studio compositor without a scene library has no outdoor scenes: those styles are not offered (the form
      // leaves them out, the API refuses them). The OpenAI and scripted renderers make every style themselves.
      OUTDOOR_STYLES: outdoorStylesOf(),
      // A dealer's webhook may go to a receiver on this machine, never to the host itself or its engines.
      WEBHOOK_RESERVED_PORTS: [port, ...[dynamodb?.endpoint, s3?.endpoint].flatMap((e) => (e ? [new URL(e).port] : []))].join(','),
      ...(dynamodb ? { DYNAMODB_ENDPOINT: dynamodb.endpoint } : {}),
      ...(s3 ? { S3_ENDPOINT: s3.endpoint, S3_PUBLIC_ENDPOINT: `${url}/s3` } : {}),
      // Stripe itself with your test keys, or the payment simulator on this host (the `stripe` client pointed here).
      ...(realStripe
        ? { STRIPE_SECRET_KEY: cfg.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: cfg.STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: '' }
        : { STRIPE_SECRET_KEY: secrets.stripe.secretKey, STRIPE_WEBHOOK_SECRET: secrets.stripe.webhookSecret, STRIPE_API_BASE: `http://127.0.0.1:${port}` }),
    });
    const deliverer = realStripe
      ? undefined
      : new WebhookDeliverer({
          url: `http://127.0.0.1:${port}/api/stripe/webhook`,
          secret: secrets.stripe.webhookSecret,
          mode: cfg.STRIPE_SIMULATOR_DELIVERY,
          retryBaseMs: cfg.STRIPE_SIMULATOR_RETRY_BASE_MS,
          attempts: 8,
          holdBackMs: 1500,
          log: (line) => console.error(line),
        });
    if (deliverer) stops.push(() => deliverer.stop());
    const stripe = deliverer ? new StripeSimulator(cfg.dataDir, deliverer, secrets.stripe.secretKey) : undefined;
    if (deliverer && cfg.STRIPE_SIMULATOR_DELIVERY !== 'normal') log('Stripe simulator: every webhook event is delivered twice, out of order');

    // 4. Table and seed data, created when missing.
    if (dynamodb) {
      const client = new DynamoDBClient({ region: cfg.AWS_REGION, endpoint: dynamodb.endpoint });
      const table = await ensureTable(client, cfg.TABLE_NAME);
      client.destroy();
      if (table === 'created') log(`Created table ${cfg.TABLE_NAME}`);
    }
    const { DynamoDbCreditPackageRepository } = await import('../../functions/src/credits/dynamodb-credit-package-repository');
    const packages = new DynamoDbCreditPackageRepository();
    await packages.putIfAbsent(CREDIT_PACKAGES);

    // 5. The gateways and pages.
    const cognito = await createLocalCognito({
      dataDir: cfg.dataDir,
      unknownUserKey: secrets.cognitoUnknownUserKey,
      adminCredentials: acceptedCredentials,
      issuerBase: `${url}/_local/cognito`,
      userPoolId: LOCAL_USER_POOL.userPoolId,
      clientId: LOCAL_USER_POOL.clientId,
      region: cfg.AWS_REGION,
    });
    const api = createHttpGateway({ verifyJwt: cognito.verifyJwt });
    const ws = createWebSocketGateway({ stage: 'local' });
    stops.push(() => ws.close());
    await spaBuild;
    const runtimeConfig: RuntimeConfig = {
      apiUrl: url,
      webSocketUrl: `${url.replace(/^http/, 'ws')}/ws`,
      userPoolId: LOCAL_USER_POOL.userPoolId,
      userPoolClientId: LOCAL_USER_POOL.clientId,
      userPoolEndpoint: `${url}/_local/cognito`,
      stripePublishableKey: realStripe ? cfg.STRIPE_PUBLISHABLE_KEY! : SIMULATOR_PUBLISHABLE_KEY,
      home: 'local',
      // Without outdoor scenes the form offers Studio, Showroom and the original location, and says why.
      ...(process.env.OUTDOOR_STYLES === 'off' ? { outdoorStyles: false } : {}),
    };
    const spa = options.dev ? await startViteMiddleware(server, stops) : sirv(SPA_DIST, { single: true, etag: true, brotli: true, gzip: true, dev: false, setHeaders: cacheHeaders });
    // Built files are served precompressed by sirv; the rest (config.json, dev mode) is compressed per request.
    const compress = compression({ filter: (req, res) => !!options.dev || (req.url ?? '').startsWith('/config.json') ? compression.filter(req, res) : false });
    const sharePageCompress = compression();

    // The same headers CloudFront adds (infra/security-headers.ts); Vite's dev server needs inline scripts, so no CSP there.
    const sources = { connect: [runtimeConfig.webSocketUrl, runtimeConfig.webSocketUrl.replace('localhost', '127.0.0.1')], img: [] };
    const headers = securityHeaders(sources);
    // The shared car's embed (issue 29) is the one response other sites may frame.
    const embedHeaders = securityHeaders(sources, 'any');
    if (options.dev) {
      delete headers['content-security-policy'];
      delete embedHeaders['content-security-policy'];
    }
    const handle = async (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '/').split('?')[0]!;
      // DNS rebinding: a page on another site whose name resolves to 127.0.0.1 still sends its own Host.
      if (!isLocalHostHeader(req.headers.host)) return refuse(res, 421, 'This local server answers only to localhost and 127.0.0.1.');
      for (const [name, value] of Object.entries(isEmbedPath(path) ? embedHeaders : headers)) res.setHeader(name, value);
      // The mailbox and the engines' management endpoints are for this machine only, whatever HOST listens on.
      if (!mayReach(path, req.socket.remoteAddress)) {
        return refuse(res, 403, 'The local mailbox and management endpoints answer only to this machine.');
      }
      if (path.startsWith('/api/')) return api(req, res);
      // The shared car's page and embed (issue 29): the API renders them, as CloudFront's /c/* behaviours send them there,
      // compressed as CloudFront sends them (compress: true on /c/*; the page carries its stylesheet inline).
      if (path.startsWith('/c/')) {
        req.url = shareApiPath(path) ?? NOT_SHARED_API_PATH;
        return new Promise<void>((done, fail) => sharePageCompress(req as never, res as never, () => api(req, res).then(done, fail)));
      }
      if (path.startsWith('/s3/') && s3) return s3.handle(req, res, '/s3');
      if (path === '/_local/cognito' || path.startsWith('/_local/cognito/')) return cognito.handle(req, res, '/_local/cognito');
      if (path === '/_local/sfn' || path === '/_local/sfn/') return sfn(req, res);
      if (path === '/_local/sfn/trace') return serveTrace(req, res, sfn);
      if (path.startsWith('/_local/ws-management/')) return ws.management(req, res, '/_local/ws-management');
      if (path.startsWith('/v1/') && stripe) return stripe.handle(req, res);
      if (path === '/_local/stripe/card-form' && stripe) return serveCardForm(res);
      if (path === '/_local/mailbox') return serveOutbox(res, join(cfg.dataDir, 'outbox'), 'html');
      if (path === '/_local/mailbox/messages.json') return serveOutbox(res, join(cfg.dataDir, 'outbox'), 'json', new URL(req.url ?? '/', 'http://host').searchParams.get('to') ?? undefined);
      return compress(req as never, res as never, () => {
        if (path === '/config.json') {
          res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
          return res.end(JSON.stringify(runtimeConfig));
        }
        // `/` is the pre-rendered landing page (its own light entry); every other path falls back to the SPA.
        if (path === '/' && !options.dev) req.url = `/landing.html${(req.url ?? '').slice(1)}`;
        failAloneOnVanishedFile(res);
        spa(req, res, () => {
          res.writeHead(404);
          res.end('Not found');
        });
      });
    };
    server.on('upgrade', (req, socket, head) => {
      if (!isLocalHostHeader(req.headers.host)) return socket.destroy();
      if ((req.url ?? '').split('?')[0] === '/ws') ws.upgrade(req, socket, head).catch(() => socket.destroy());
      else if (!options.dev) socket.destroy();
    });
    route = handle;

    // 6. The webhook queue (SQS in AWS): the deliver-webhook handler consumes it, with the event SQS would give it.
    const { inProcessWebhookQueue } = await import('../../functions/src/webhooks/in-process-queue');
    inProcessWebhookQueue.consumeWith(async (body) => {
      const deliver = await loadHandler('deliver-webhook');
      await deliver({ Records: [{ messageId: randomUUID(), body, attributes: {}, messageAttributes: {}, eventSource: 'aws:sqs' }] }, lambdaContext('deliver-webhook', 30_000));
    });
    stops.push(() => inProcessWebhookQueue.stop());

    // 7. The package sweeper (an EventBridge schedule in AWS): once now, then every interval.
    const sweeper = startSweeperTimer({
      intervalMs: (cfg.SWEEP_INTERVAL_SECONDS ?? SWEEP_INTERVAL_MINUTES * 60) * 1000,
      region: cfg.AWS_REGION,
      log: (line) => console.error(line),
    });
    stops.push(() => sweeper.stop());
    return { url, config: cfg, credentials: ownKeys[0] ?? secrets.awsCredentials, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Paths only this machine may call: the mailbox, the Step Functions API and trace, WebSocket management. */
const MACHINE_ONLY = ['/_local/mailbox', '/_local/sfn', '/_local/ws-management'];

/** localhost or 127.0.0.1, with or without a port: the only names this server answers to. */
export function isLocalHostHeader(host: string | undefined): boolean {
  return /^(localhost|127\.0\.0\.1)(:\d{1,5})?$/i.test(host ?? '');
}

/** Whether a caller at `remoteAddress` may reach `path`: machine-only paths need a loopback caller. */
export function mayReach(path: string, remoteAddress: string | undefined): boolean {
  const machineOnly = MACHINE_ONLY.some((p) => path === p || path.startsWith(`${p}/`));
  return !machineOnly || (!!remoteAddress && (remoteAddress === '::1' || /^(::ffff:)?127\./.test(remoteAddress)));
}

function refuse(res: ServerResponse, status: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ message }));
}

/** Local only: the task calls of one execution (state, handler, start, duration), for profiling a run. */
function serveTrace(req: IncomingMessage, res: ServerResponse, sfn: StepFunctionsApi) {
  const arn = new URL(req.url ?? '/', 'http://local').searchParams.get('executionArn') ?? '';
  const tasks = sfn.trace(arn);
  res.writeHead(tasks ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(tasks ? { executionArn: arn, tasks } : { message: `Execution Does Not Exist: '${arn}'` }));
}

/** Hashed assets are immutable; index.html and everything else must be revalidated (as on CloudFront). */
function cacheHeaders(res: ServerResponse, pathname: string) {
  res.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
}

async function startViteMiddleware(server: import('node:http').Server, stops: (() => Promise<void> | void)[]) {
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({
    configFile: join(import.meta.dirname, '../../frontend/vite.config.ts'),
    server: { middlewareMode: true, hmr: { server } },
    appType: 'spa',
  });
  stops.push(() => vite.close());
  return vite.middlewares as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}
