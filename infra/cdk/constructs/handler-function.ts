import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { SCENES_PREFIX } from './scene-library';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import { handlerCode } from '../bundling/handler-bundles';
import { NATIVE_IMAGE_MODULES, NativeImageLayer } from '../bundling/native-image-layer';
import { LAMBDA_MODEL_DIR, RENDER_MODEL_MODULES, RenderModelLayer } from '../bundling/render-model-layer';
import { LAMBDA_VIN_DATA_FILE, VinDataLayer } from '../bundling/vin-data-layer';
import { HANDLER_OBJECT_PREFIXES, HANDLER_PERMISSIONS, type Permission } from '../handler-permissions';
import { logMetricsOf, OPS_NAMESPACE } from '../ops-metrics';
import { grantedTableActions } from '../handler-sources';

const ROOT = resolve(import.meta.dirname, '../../..');

function need<T>(value: T | undefined, permission: string): T {
  if (value === undefined) throw new Error(`Permission ${permission} needs its resource`);
  return value;
}

export interface HandlerResources {
  table: dynamodb.ITableV2;
  uploadsBucket: s3.IBucket;
  rendersBucket: s3.IBucket;
  /** Granted when the handler has "websocket:post". */
  webSocketApiArn?: string;
  /** For the magic-link triggers ("kms:sign", "kms:verify"). */
  magicLinkKey?: kms.IKey;
  /** For "ssm:site-origin". */
  siteOriginParameterName?: string;
  /** For "workflow:start", "workflow:describe" and "workflow:stop". */
  renderWorkflow?: sfn.IStateMachine;
  /** For "batch-workflow:start", "batch-workflow:describe" and "batch-workflow:stop". */
  batchWorkflow?: sfn.IStateMachine;
  /** For "secrets:openai". */
  openAiSecret?: secretsmanager.ISecret;
  /** For "cognito:users". */
  userPool?: cognito.IUserPool;
  /** For "secrets:stripe-key" and "secrets:stripe-webhook". */
  stripeSecretKey?: secretsmanager.ISecret;
  stripeWebhookSecret?: secretsmanager.ISecret;
  /** For "webhooks:enqueue": the webhook delivery queue (issue 28). */
  webhookQueue?: sqs.IQueue;
  /** For "scenes:read": the scene library's bucket, only when the deploy has one (`-c scenesDir`). */
  scenesBucket?: s3.IBucket;
  /** For "c2pa:sign" (the KMS key) and "c2pa:verify" (its certificate chain's SSM parameter name). */
  contentCredentials?: { key: kms.IKey; chainParameterName: string };
}

/**
 * u2netp's thread (plain JavaScript, started by file name, so esbuild does not bundle it): copied beside the bundle of
 * every compositor function, where renderer/cutout/u2netp-session.ts looks for it.
 */
export const U2NETP_THREAD_FILE = resolve(ROOT, 'functions/src/renderer/cutout/u2netp-thread.mjs');

/** Functions that check, render or sign images: they get the shared native image layer (sharp, the C2PA library). */
export const usesNativeImageStack = (permissions: readonly Permission[]) =>
  permissions.includes('native:sharp') || permissions.includes('c2pa:sign') || permissions.includes('c2pa:verify') || permissions.includes('native:compositor');

/** Files a function's asset holds beside its bundle: u2netp's thread for a compositor function. */
export const bundleExtrasOf = (permissions: readonly Permission[]): string[] => (usesCompositor(permissions) ? [U2NETP_THREAD_FILE] : []);

/** Functions that run the studio compositor: they get the render model layer (onnxruntime, the models) too. */
export const usesCompositor = (permissions: readonly Permission[]) => permissions.includes('native:compositor');

/**
 * Functions whose cloud photo check reads the car's plate (check-car-photo, complete-trial-uploads: the checks that
 * ask for the appearance). They get the render model layer for its onnxruntime and text models: the text models and
 * onnxruntime alone are 41 of its 56 MB unzipped, so a layer of their own would save 15 MB of a 250 MB limit at the
 * price of a second model asset and hash to keep in step.
 */
export const readsPlates = (permissions: readonly Permission[]) => permissions.includes('native:plate-text');

/** The modules a plate-reading function imports from the render model layer (the text models are files it resolves). */
export const PLATE_TEXT_MODULES = ['onnxruntime-node'] as const;

/** The layers a function gets: the native image stack, the render models, the VIN data. */
function layersOf(scope: Construct, permissions: readonly Permission[]): lambda.ILayerVersion[] | undefined {
  const layers = [
    ...(usesNativeImageStack(permissions) ? [NativeImageLayer.of(scope)] : []),
    ...(usesNativeImageStack(permissions) && (usesCompositor(permissions) || readsPlates(permissions)) ? [RenderModelLayer.of(scope)] : []),
    ...(permissions.includes('data:vin') ? [VinDataLayer.of(scope)] : []),
  ];
  return layers.length ? layers : undefined;
}

/** The modules a function's bundle imports from its layers instead of holding them. */
export const externalModulesOf = (permissions: readonly Permission[]): string[] => [
  ...(usesNativeImageStack(permissions) || usesCompositor(permissions) ? NATIVE_IMAGE_MODULES : []),
  ...(usesCompositor(permissions) ? RENDER_MODEL_MODULES : readsPlates(permissions) ? PLATE_TEXT_MODULES : []),
];

export interface HandlerFunctionProps {
  /** File name under functions/src/handlers/ (the same entry the local host runs). */
  handler: string;
  /** Its name in AWS (infra/cdk/names.ts: the Ops stack reads its metrics by it). */
  functionName: string;
  resources: HandlerResources;
  environment: Record<string, string>;
  timeout?: Duration;
  memorySize?: number;
}

/** The handlers whose bundles import the same modules from layers: one esbuild run bundles them (bundling/handler-bundles.ts). */
const handlersBundledWith = (external: readonly string[]) => () =>
  Object.keys(HANDLER_PERMISSIONS).filter((h) => externalModulesOf(HANDLER_PERMISSIONS[h]!).join() === external.join());

/** One bundled Lambda per handler (esbuild, Node 24, arm64), with exactly the permissions its handler needs. */
export class HandlerFunction extends Construct {
  readonly fn: lambda.Function;
  readonly handler: string;
  readonly functionName: string;

  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    super(scope, id);
    this.handler = props.handler;
    this.functionName = props.functionName;
    const permissions = HANDLER_PERMISSIONS[props.handler];
    if (!permissions) throw new Error(`No permissions stated for handler ${props.handler} (infra/cdk/handler-permissions.ts)`);

    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    const external = externalModulesOf(permissions);
    this.fn = new lambda.Function(this, 'Fn', {
      functionName: props.functionName,
      // The AWS SDK v3 is bundled too, so the code runs against the versions it was tested with. The native image
      // stack is not: it comes from the layer the image functions share.
      code: handlerCode({ handler: props.handler, external, extraFiles: bundleExtrasOf(permissions), group: handlersBundledWith(external) }),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: {
        ...props.environment,
        HANDLER_NAME: props.handler,
        ...(permissions.includes('workflow:start') || permissions.includes('workflow:describe') || permissions.includes('workflow:stop')
          ? { STATE_MACHINE_ARN: need(props.resources.renderWorkflow, 'workflow:start').stateMachineArn }
          : {}),
        ...(permissions.includes('batch-workflow:start') || permissions.includes('batch-workflow:describe') || permissions.includes('batch-workflow:stop')
          ? { BATCH_STATE_MACHINE_ARN: need(props.resources.batchWorkflow, 'batch-workflow:start').stateMachineArn }
          : {}),
        ...(permissions.includes('secrets:openai') && props.resources.openAiSecret ? { OPENAI_SECRET_ARN: props.resources.openAiSecret.secretArn } : {}),
        // What a permission needs to be used, derived from it (the auth triggers also set these themselves).
        ...(permissions.includes('kms:sign') ? { MAGIC_LINK_SIGNER: 'kms', MAGIC_LINK_KMS_KEY_ID: need(props.resources.magicLinkKey, 'kms:sign').keyArn } : {}),
        ...(permissions.includes('ssm:site-origin') ? { SITE_ORIGIN_PARAMETER: need(props.resources.siteOriginParameterName, 'ssm:site-origin') } : {}),
        ...(permissions.includes('cognito:users') || permissions.includes('cognito:delete-user') ? { USER_POOL_ID: need(props.resources.userPool, 'cognito:users').userPoolId } : {}),
        ...(permissions.includes('secrets:stripe-key') ? { STRIPE_SECRET_KEY_ARN: need(props.resources.stripeSecretKey, 'secrets:stripe-key').secretArn } : {}),
        ...(permissions.includes('secrets:stripe-webhook') ? { STRIPE_WEBHOOK_SECRET_ARN: need(props.resources.stripeWebhookSecret, 'secrets:stripe-webhook').secretArn } : {}),
        ...(permissions.includes('c2pa:sign') || permissions.includes('c2pa:verify')
          ? {
              C2PA_KMS_KEY_ID: need(props.resources.contentCredentials, 'c2pa:sign').key.keyArn,
              C2PA_CERT_CHAIN_PARAMETER: need(props.resources.contentCredentials, 'c2pa:sign').chainParameterName,
            }
          : {}),
        ...(permissions.includes('webhooks:enqueue') ? { WEBHOOK_QUEUE_URL: need(props.resources.webhookQueue, 'webhooks:enqueue').queueUrl } : {}),
        // The compositor loads the u2netp model from the render model layer (hash-checked as it loads) and never fetches it.
        ...(usesCompositor(permissions) ? { CUTOUT_MODEL_DIR: LAMBDA_MODEL_DIR } : {}),
        // The VIN decoder reads the vPIC database from the VIN data layer, unzipped and indexed at synth.
        ...(permissions.includes('data:vin') ? { VIN_DATA_FILE: LAMBDA_VIN_DATA_FILE } : {}),
        POWERTOOLS_SERVICE_NAME: `studio-lot-${props.handler}`,
        NODE_OPTIONS: '--enable-source-maps',
      },
      layers: layersOf(this, permissions),
    });

    // The metrics the Ops stack watches that this function's log lines carry (infra/cdk/ops-metrics.ts).
    for (const metric of logMetricsOf(props.handler)) {
      new logs.MetricFilter(this, `${metric.metricName}Metric`, {
        logGroup,
        filterPattern: logs.FilterPattern.literal(metric.filterPattern),
        metricNamespace: OPS_NAMESPACE,
        metricName: metric.metricName,
        metricValue: metric.metricValue,
        unit: metric.unit === 'Milliseconds' ? cloudwatch.Unit.MILLISECONDS : cloudwatch.Unit.COUNT,
      });
    }

    const { table, uploadsBucket, rendersBucket } = props.resources;
    // DynamoDB: only the actions the handler's code constructs (read from its sources) that its names allow; the
    // index ARN only for handlers that query.
    const tableActions = grantedTableActions(props.handler, permissions);
    if (tableActions.length) {
      this.fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: tableActions.map((a) => `dynamodb:${a}`),
          resources: [table.tableArn, ...(tableActions.includes('Query') ? [`${table.tableArn}/index/*`] : [])],
        }),
      );
    }
    // S3: single actions (no wildcards) on the handler's prefixes (the whole bucket when none are stated).
    const prefixes = HANDLER_OBJECT_PREFIXES[props.handler];
    const objects = (bucket: s3.IBucket, which: 'uploads' | 'renders') => (prefixes?.[which] ?? ['']).map((p) => bucket.arnForObjects(`${p}*`));
    const list = (bucket: s3.IBucket, which: 'uploads' | 'renders') =>
      new iam.PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        ...(prefixes?.[which] ? { conditions: { StringLike: { 's3:prefix': prefixes[which]!.map((p) => `${p}*`) } } } : {}),
      });
    for (const permission of permissions) {
      switch (permission) {
        case 'table:read':
        case 'table:write':
          break;
        case 'table:describe':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:DescribeTable'], resources: [table.tableArn] }));
          break;
        case 'uploads:read':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: objects(uploadsBucket, 'uploads') }));
          break;
        case 'uploads:write':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: objects(uploadsBucket, 'uploads') }));
          break;
        case 'uploads:list':
          this.fn.addToRolePolicy(list(uploadsBucket, 'uploads'));
          break;
        case 'renders:read':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: objects(rendersBucket, 'renders') }));
          break;
        case 'renders:write':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:PutObject'], resources: objects(rendersBucket, 'renders') }));
          break;
        case 'renders:list':
          this.fn.addToRolePolicy(list(rendersBucket, 'renders'));
          break;
        case 'mail:send':
          this.fn.addToRolePolicy(
            new iam.PolicyStatement({
              actions: ['ses:SendEmail'],
              resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
            }),
          );
          break;
        case 'mail:account':
          // GetAccount has no resource-level permissions.
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }));
          break;
        case 'kms:sign':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['kms:Sign'], resources: [need(props.resources.magicLinkKey, permission).keyArn] }));
          break;
        case 'kms:verify':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['kms:GetPublicKey'], resources: [need(props.resources.magicLinkKey, permission).keyArn] }));
          break;
        case 'ssm:site-origin':
          this.fn.addToRolePolicy(
            new iam.PolicyStatement({
              actions: ['ssm:GetParameter'],
              resources: [Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: need(props.resources.siteOriginParameterName, permission).replace(/^\//, '') })],
            }),
          );
          break;
        case 'uploads:delete':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: objects(uploadsBucket, 'uploads') }));
          break;
        case 'renders:delete':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:DeleteObject'], resources: objects(rendersBucket, 'renders') }));
          break;
        case 'workflow:start':
          need(props.resources.renderWorkflow, permission).grantStartExecution(this.fn);
          break;
        case 'workflow:describe':
          need(props.resources.renderWorkflow, permission).grantExecution(this.fn, 'states:DescribeExecution', 'states:StopExecution');
          break;
        case 'workflow:stop':
          need(props.resources.renderWorkflow, permission).grantExecution(this.fn, 'states:StopExecution');
          break;
        case 'batch-workflow:start':
          need(props.resources.batchWorkflow, permission).grantStartExecution(this.fn);
          break;
        case 'batch-workflow:describe':
          need(props.resources.batchWorkflow, permission).grantExecution(this.fn, 'states:DescribeExecution', 'states:StopExecution');
          break;
        case 'batch-workflow:stop':
          need(props.resources.batchWorkflow, permission).grantExecution(this.fn, 'states:StopExecution');
          break;
        case 'secrets:openai':
          if (props.resources.openAiSecret) props.resources.openAiSecret.grantRead(this.fn);
          break;
        case 'secrets:stripe-key':
          need(props.resources.stripeSecretKey, permission).grantRead(this.fn);
          break;
        case 'secrets:stripe-webhook':
          need(props.resources.stripeWebhookSecret, permission).grantRead(this.fn);
          break;
        case 'native:sharp':
        case 'native:compositor':
        case 'native:plate-text':
          break;
        case 'scenes:read':
          if (props.resources.scenesBucket) {
            this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['s3:GetObject'], resources: [props.resources.scenesBucket.arnForObjects(`${SCENES_PREFIX}*`)] }));
            this.fn.addEnvironment('SCENES_BUCKET', props.resources.scenesBucket.bucketName);
            this.fn.addEnvironment('SCENES_PREFIX', SCENES_PREFIX);
          }
          break;
        case 'cognito:users':
          this.fn.addToRolePolicy(
            new iam.PolicyStatement({
              actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword'],
              resources: [need(props.resources.userPool, permission).userPoolArn],
            }),
          );
          break;
        case 'cognito:delete-user':
          this.fn.addToRolePolicy(
            new iam.PolicyStatement({
              actions: ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminDeleteUser'],
              resources: [need(props.resources.userPool, permission).userPoolArn],
            }),
          );
          break;
        case 'c2pa:sign':
          this.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['kms:Sign'], resources: [need(props.resources.contentCredentials, permission).key.keyArn] }));
          this.fn.addToRolePolicy(this.chainRead(need(props.resources.contentCredentials, permission).chainParameterName));
          break;
        case 'c2pa:verify':
          this.fn.addToRolePolicy(this.chainRead(need(props.resources.contentCredentials, permission).chainParameterName));
          break;
        case 'webhooks:enqueue':
          need(props.resources.webhookQueue, permission).grantSendMessages(this.fn);
          break;
        case 'websocket:post':
          if (!props.resources.webSocketApiArn) throw new Error(`${props.handler} needs the WebSocket API`);
          this.fn.addToRolePolicy(
            new iam.PolicyStatement({ actions: ['execute-api:ManageConnections'], resources: [`${props.resources.webSocketApiArn}/*/POST/@connections/*`] }),
          );
          break;
      }
    }

    NagSuppressions.addResourceSuppressions(
      this.fn,
      [
        { id: 'AwsSolutions-IAM4', reason: 'AWSLambdaBasicExecutionRole only allows writing this function’s own CloudWatch logs.', appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'] },
        {
          id: 'AwsSolutions-IAM5',
          reason:
            'Each wildcard is named: the table indexes (index/*), objects under this handler’s prefixes of the project’s own buckets, X-Ray and ses:GetAccount (no resource-level permissions), SES identities of this account, this WebSocket API’s connections, and the render workflow’s executions. Any other wildcard fails synth.',
          appliesTo: [
            // A resource of this stack (<Id.Arn>) or imported from the data stack (<Stack>:ExportsOutput…).
            { regex: '/^Resource::(<[A-Za-z0-9]+\\.Arn>|[A-Za-z0-9-]+:ExportsOutputFnGetAtt[A-Za-z0-9]+)\\/index\\/\\*$/g' },
            { regex: '/^Resource::(<[A-Za-z0-9]+\\.Arn>|[A-Za-z0-9-]+:ExportsOutputFnGetAtt[A-Za-z0-9]+)\\/([a-z0-9-]+\\/)*\\*$/g' },
            'Resource::*',
            { regex: '/^Resource::arn:(<AWS::Partition>|aws[a-z-]*):ses:[^:]+:<AWS::AccountId>:identity\\/\\*$/g' },
            // The render workflow's executions (execution:<its name>:*), for the sweeper.
            { regex: '/^Resource::arn:(<AWS::Partition>|aws[a-z-]*):states:[^:]+:<AWS::AccountId>:execution:.*:\\*$/g' },
            { regex: '/^Resource::arn:(<AWS::Partition>|aws[a-z-]*):execute-api:.*\\/\\*\\/POST\\/@connections\\/\\*$/g' },
          ],
        },
      ],
      true,
    );
  }

  private chainRead(parameterName: string): iam.PolicyStatement {
    return new iam.PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: [Stack.of(this).formatArn({ service: 'ssm', resource: 'parameter', resourceName: parameterName.replace(/^\//, '') })],
    });
  }
}
