import { CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer, HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { WEBSOCKET_ROUTES } from '@shared/api-routes';
import { HandlerFunction, type HandlerResources } from '../constructs/handler-function';
import { handlerFunctionName } from '../names';
import { outdoorStylesOf, type StageConfig } from '../stage-config';
import { siteOriginParameterName } from './auth-stack';

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  resources: Omit<HandlerResources, 'webSocketApiArn'>;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** The auth stack's magic-link key (POST /api/auth/magic-link signs links with it). */
  magicLinkKey: kms.IKey;
}

const ACCESS_LOG_FORMAT = JSON.stringify({
  requestId: '$context.requestId',
  ip: '$context.identity.sourceIp',
  time: '$context.requestTime',
  method: '$context.httpMethod',
  route: '$context.routeKey',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  error: '$context.error.message',
  integrationError: '$context.integrationErrorMessage',
});

/** Where the content credentials certificate chain is kept (npm run c2pa:certificate writes it). */
export const contentCredentialsChainParameterName = (stage: string) => `/studio-lot/${stage}/content-credentials/certificate-chain`;
/** The parameter's value until the chain is issued (SSM needs a value; the signer refuses this one by name). */
export const CHAIN_NOT_ISSUED = 'not issued yet: run npm run c2pa:certificate';

/**
 * What every part of the API shares, for the stacks that add to it (the domain API stacks, the workflows): the HTTP API
 * and its JWT authorizer, the functions' environments and the resources their permissions name. Each use of one of
 * these in another stack is one CloudFormation export of this stack (the API's id, the authorizer's, the WebSocket
 * API's, the secrets' and the signing key's ARNs).
 */
export interface ApiShared {
  config: StageConfig;
  httpApi: apigw.HttpApi;
  authorizer: HttpJwtAuthorizer;
  /** The public API's API key authorizer (issue 28). */
  keyAuthorizer: HttpLambdaAuthorizer;
  /** Every function's environment; `api` adds the origin check (functions behind the HTTP API), `render` the model. */
  environments: { base: Record<string, string>; api: Record<string, string>; render: Record<string, string> };
  /** Without the workflows: the workflows stack adds them for the stacks after it. */
  resources: HandlerResources;
}

/**
 * The API's shell, kept apart from its routes (API_DOMAIN_STACKS) so that it stays small as routes are added: the HTTP
 * API (stage, access logs, JWT authorizer), the WebSocket API for live status with its three handlers, the origin check's
 * generated value, the Stripe secrets, and the content credentials key and its certificate chain's parameter. Their
 * logical ids are those they had when this stack held every route: a deployed stage keeps them (docs/deploy.md, "Deploy to AWS").
 */
export class ApiStack extends Stack {
  readonly originVerifySecret: secretsmanager.ISecret;
  readonly httpApi: apigw.HttpApi;
  readonly webSocketStage: apigw.WebSocketStage;
  readonly authorizer: HttpJwtAuthorizer;
  readonly keyAuthorizer: HttpLambdaAuthorizer;
  readonly webhookQueue: sqs.Queue;
  readonly shared: ApiShared;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { config } = props;

    // WebSocket API first: HTTP handlers that push need its management endpoint.
    const webSocketApi = new apigw.WebSocketApi(this, 'LiveStatus', { routeSelectionExpression: '$request.body.action' });
    const wsLogs = new logs.LogGroup(this, 'LiveStatusAccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.webSocketStage = new apigw.WebSocketStage(this, 'LiveStatusStage', {
      webSocketApi,
      stageName: config.stage,
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
    (this.webSocketStage.node.defaultChild as apigw.CfnStage).accessLogSettings = { destinationArn: wsLogs.logGroupArn, format: ACCESS_LOG_FORMAT };
    const managementEndpoint = `https://${webSocketApi.apiId}.execute-api.${this.region}.${this.urlSuffix}/${config.stage}`;
    const webSocketApiArn = this.formatArn({ service: 'execute-api', resource: webSocketApi.apiId });

    // CloudFront adds this generated value to every /api/* request (x-origin-verify); the handlers refuse a request
    // without it, so the execute-api endpoint cannot be called directly (and cannot be sent a forged
    // x-viewer-address). The value is resolved by CloudFormation into the distribution and the functions'
    // environment; changing it means a redeploy of both stacks.
    this.originVerifySecret = new secretsmanager.Secret(this, 'OriginVerify', {
      description: 'The value CloudFront sends to the API origin in x-origin-verify',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    NagSuppressions.addResourceSuppressions(this.originVerifySecret, [
      { id: 'AwsSolutions-SMG4', reason: 'CloudFront and the functions take the value at deploy time; it is changed by a redeploy, not by a rotation Lambda.' },
    ]);
    const environment = {
      APP_HOME: 'aws',
      TABLE_NAME: props.resources.table.tableName,
      UPLOADS_BUCKET: props.resources.uploadsBucket.bucketName,
      RENDERS_BUCKET: props.resources.rendersBucket.bucketName,
      SUPPORT_EMAIL: config.supportEmail,
      MAIL_FROM: config.mailFrom,
      MAIL_TRANSPORT: 'ses',
      WEBSOCKET_MANAGEMENT_ENDPOINT: managementEndpoint,
      // The web stack's edge function writes the viewer's IP into x-viewer-address on every /api/* request.
      TRUST_VIEWER_ADDRESS: 'true',
      // Outdoor styles only with outdoor scenes (functions/src/car-packages/styles-offered.ts).
      OUTDOOR_STYLES: outdoorStylesOf(config),
    };
    // Only the functions behind the HTTP API (functions/src/http/api-handler.ts checks the header) know the value;
    // workflow tasks, the sweeper and the WebSocket handlers are not reached through CloudFront and do not get it.
    const apiEnvironment = { ...environment, ORIGIN_VERIFY_SECRET: this.originVerifySecret.secretValue.unsafeUnwrap() };
    // The OpenAI key is put in Secrets Manager by the operator (docs/deploy.md, "Deploy to AWS"); never in context or code.
    const openAiSecret = secretsmanager.Secret.fromSecretNameV2(this, 'OpenAiKey', config.openAiSecretName);
    // The studio compositor renders by default; `-c renderer=openai` makes the OpenAI image edit the renderer instead.
    const renderEnvironment = { ...environment, RENDERER: config.renderer, RENDER_MODEL: config.renderModel };
    // The Stripe keys: CDK creates both secrets with a placeholder, the operator puts the real values in
    // (docs/product.md, "Buying credits"); the handlers read them on first use. Rotation happens in Stripe's dashboard, not here.
    const stripeSecret = (id: string, name: string, description: string) => {
      const secret = new secretsmanager.Secret(this, id, {
        secretName: `studio-lot/${config.stage}/${name}`,
        description,
        secretStringValue: SecretValue.unsafePlainText('REPLACE_ME: put the value here (docs/product.md, Buying credits)'),
        removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      NagSuppressions.addResourceSuppressions(secret, [
        { id: 'AwsSolutions-SMG4', reason: 'A Stripe key is rolled in the Stripe dashboard and then put here; Secrets Manager cannot rotate it.' },
      ]);
      return secret;
    };
    const stripeSecretKey = stripeSecret('StripeSecretKey', 'stripe-secret-key', 'Stripe secret API key (sk_live_… or sk_test_…)');
    const stripeWebhookSecret = stripeSecret('StripeWebhookSecret', 'stripe-webhook-secret', 'Signing secret of the Stripe webhook endpoint /api/stripe/webhook (whsec_…)');
    // Content credentials: the key that signs every studio image (it never leaves KMS) and the parameter that holds
    // its certificate chain, issued after the first deploy with `npm run c2pa:certificate -- --stage <stage>`.
    const contentCredentialsKey = new kms.Key(this, 'ContentCredentialsKey', {
      keySpec: kms.KeySpec.ECC_NIST_P256,
      keyUsage: kms.KeyUsage.SIGN_VERIFY,
      description: 'Signs the C2PA content credentials of studio images',
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    new ssm.StringParameter(this, 'ContentCredentialsChain', {
      parameterName: contentCredentialsChainParameterName(config.stage),
      description: 'PEM certificate chain (signing certificate, then CA) of the content credentials key',
      stringValue: CHAIN_NOT_ISSUED,
    });
    new CfnOutput(this, 'ContentCredentialsKeyArn', { value: contentCredentialsKey.keyArn });
    // Webhook deliveries (issue 28): one message per attempt. SQS rather than EventBridge: each attempt must be signed with
    // the endpoint's own secret and a fresh timestamp, and its response code logged for the dealer, which EventBridge's
    // API destinations (basic, API key or OAuth auth; no per-request HMAC) cannot do; SQS's per-message delay gives the
    // backoff, and the same code runs locally on an in-process queue. A message the consumer itself fails on (the table
    // unreachable) is handed out again, then kept in the dead-letter queue for 14 days.
    const webhookDeadLetters = new sqs.Queue(this, 'WebhookDeliveriesDlq', { encryption: sqs.QueueEncryption.SQS_MANAGED, enforceSSL: true, retentionPeriod: Duration.days(14) });
    NagSuppressions.addResourceSuppressions(webhookDeadLetters, [{ id: 'AwsSolutions-SQS3', reason: 'This is the dead-letter queue of the webhook delivery queue.' }]);
    this.webhookQueue = new sqs.Queue(this, 'WebhookDeliveries', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(90),
      deadLetterQueue: { queue: webhookDeadLetters, maxReceiveCount: 5 },
    });
    const resources: HandlerResources = {
      ...props.resources,
      webhookQueue: this.webhookQueue,
      webSocketApiArn,
      openAiSecret,
      stripeSecretKey,
      stripeWebhookSecret,
      userPool: props.userPool,
      magicLinkKey: props.magicLinkKey,
      siteOriginParameterName: siteOriginParameterName(config.stage),
      contentCredentials: { key: contentCredentialsKey, chainParameterName: contentCredentialsChainParameterName(config.stage) },
    };
    const fnFor = (handler: string) =>
      new HandlerFunction(this, `${pascal(handler)}Handler`, { handler, functionName: handlerFunctionName(config.stage, handler), resources, environment, timeout: Duration.seconds(10) }).fn;

    for (const { routeKey, handler } of WEBSOCKET_ROUTES) {
      const integration = new WebSocketLambdaIntegration(`${pascal(handler)}Integration`, fnFor(handler));
      webSocketApi.addRoute(routeKey, { integration });
    }
    for (const { routeKey } of WEBSOCKET_ROUTES) {
      NagSuppressions.addResourceSuppressionsByPath(this, `/${this.stackName}/LiveStatus/${routeKey}-Route/Resource`, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            routeKey === '$connect'
              ? '$connect is authorized by its handler with a single-use, one-minute ticket issued to a signed-in user (POST /api/realtime/ticket); JWTs are kept out of query strings.'
              : 'API Gateway authorizes WebSockets only at $connect; later routes belong to an already authorized connection.',
        },
      ]);
    }

    // HTTP API: its routes are added by the domain API stacks (one route per entry of the route table).
    const httpLogs = new logs.LogGroup(this, 'HttpAccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.httpApi = new apigw.HttpApi(this, 'Http', { createDefaultStage: true });
    const defaultStage = this.httpApi.defaultStage!.node.defaultChild as apigw.CfnStage;
    defaultStage.accessLogSettings = { destinationArn: httpLogs.logGroupArn, format: ACCESS_LOG_FORMAT };
    defaultStage.defaultRouteSettings = { throttlingRateLimit: 100, throttlingBurstLimit: 200 };

    // Bound by the first route that needs it, under the HTTP API (this stack), whichever stack that route is in.
    this.authorizer = new HttpJwtAuthorizer('CognitoJwt', `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
    // The public API's key check: a Lambda authorizer (simple responses) whose answer API Gateway caches for 30 s per
    // Authorization header; the route's handler checks the key again on every call, so a revoked key is refused at once.
    const keyAuthorizerFn = fnFor('api-key-authorizer');
    this.keyAuthorizer = new HttpLambdaAuthorizer('ApiKey', keyAuthorizerFn, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: ['$request.header.Authorization'],
      resultsCacheTtl: Duration.seconds(30),
    });
    // The webhook queue's consumer: one attempt per message (a receiver's refusal queues the next attempt itself).
    const deliver = new HandlerFunction(this, 'DeliverWebhookHandler', {
      handler: 'deliver-webhook',
      functionName: handlerFunctionName(config.stage, 'deliver-webhook'),
      resources,
      environment,
      timeout: Duration.seconds(30),
    }).fn;
    // One message an invocation: an attempt takes up to 10 s, so a batch would let one dealer's slow receiver run
    // another dealer's delivery past the function's timeout.
    deliver.addEventSource(new SqsEventSource(this.webhookQueue, { batchSize: 1, reportBatchItemFailures: true }));
    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketStage.url });
    this.shared = { config, httpApi: this.httpApi, authorizer: this.authorizer, keyAuthorizer: this.keyAuthorizer, environments: { base: environment, api: apiEnvironment, render: renderEnvironment }, resources };
  }
}

export const pascal = (s: string) => s.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
