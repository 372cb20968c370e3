import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { API_ROUTES, WEBSOCKET_ROUTES } from '@shared/api-routes';
import { CREDIT_PACKAGES } from '@shared/pricing';
import { builtApp } from './built-app';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import { BATCH_WORKFLOW_TASK_HANDLERS, PACKAGE_SWEEPER_HANDLER, WORKFLOW_TASK_HANDLERS } from '../../infra/workflow-tasks';
import * as localDefinitions from '../../infra/local/state-machine-definition';
import { apiStacksOf, mergedTemplate, nagFindings } from './app-templates';

// Bundling is skipped in tests (it is exercised by `npx cdk synth`); everything else is the real app.
const { stacks } = builtApp();
const data = Template.fromStack(stacks.stateful);
// The API's stacks (shell, workflows, domain API stacks) as one template: these tests look at handlers wherever they are.
const api = mergedTemplate(apiStacksOf(stacks));
const web = Template.fromStack(stacks.web);
const auth = Template.fromStack(stacks.auth);

describe('stateful stack', () => {
  it('one table with PK/SK, GSI1, GSI2, TTL on expiresAt and point-in-time recovery', () => {
    data.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      KeySchema: [
        { AttributeName: 'PK', KeyType: 'HASH' },
        { AttributeName: 'SK', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      GlobalSecondaryIndexes: [
        Match.objectLike({ IndexName: 'GSI1', KeySchema: [{ AttributeName: 'GSI1PK', KeyType: 'HASH' }, { AttributeName: 'GSI1SK', KeyType: 'RANGE' }] }),
        // Car packages by the day they started: the admin area's Operations figures.
        Match.objectLike({ IndexName: 'GSI2', KeySchema: [{ AttributeName: 'GSI2PK', KeyType: 'HASH' }, { AttributeName: 'GSI2SK', KeyType: 'RANGE' }] }),
      ],
      // Backups reach back 30 days: an erased account is gone from them within the 30 days the privacy page promises.
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 30 } })],
    });
  });

  it('every bucket blocks public access, is encrypted and refuses plain HTTP', () => {
    const buckets = data.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets).length).toBe(3);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({ BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true });
      expect(bucket.Properties.BucketEncryption).toBeDefined();
    }
    const policies = Object.values(data.findResources('AWS::S3::BucketPolicy'));
    expect(policies.length).toBe(3);
    for (const policy of policies) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
  });

  it('upload and render buckets allow presigned browser uploads (CORS POST)', () => {
    data.hasResourceProperties('AWS::S3::Bucket', { CorsConfiguration: { CorsRules: [Match.objectLike({ AllowedMethods: Match.arrayWith(['GET', 'POST']) })] } });
  });

  it('seeds every credit package of shared/pricing.ts at deploy time, each only if absent (a redeploy never overwrites a change)', () => {
    const seeds = Object.values(data.findResources('Custom::AWS'));
    expect(seeds.length).toBe(CREDIT_PACKAGES.length);
    const calls = seeds.map((r) => {
      const [create, update] = [r.Properties.Create, r.Properties.Update].map((c) => JSON.parse((c['Fn::Join'][1] as unknown[]).map((x) => (typeof x === 'string' ? x : 'TABLE')).join('')));
      expect(update).toEqual(create);
      return create;
    });
    for (const p of CREDIT_PACKAGES) {
      const call = calls.find((c) => c.parameters.Item.id.S === p.id);
      expect(call, p.id).toMatchObject({
        service: 'DynamoDB',
        action: 'putItem',
        parameters: { TableName: 'TABLE', ConditionExpression: 'attribute_not_exists(PK)' },
        ignoreErrorCodesMatching: 'ConditionalCheckFailedException',
      });
      expect(call.parameters.Item).toMatchObject({
        PK: { S: 'CREDIT_PACKAGES' },
        SK: { S: `PACKAGE#${p.id}` },
        price_cents: { N: String(p.price_cents) },
        credits: { N: String(p.credits) },
        is_active: { BOOL: p.is_active },
        is_popular: { BOOL: p.is_popular },
      });
    }
    // The seeding function may only put items into this table.
    const seedPolicies = Object.entries(data.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith('CreditPackages'));
    expect(seedPolicies.length).toBe(CREDIT_PACKAGES.length);
    const tableId = Object.keys(data.findResources('AWS::DynamoDB::GlobalTable'))[0]!;
    for (const [, p] of seedPolicies) {
      expect(p.Properties.PolicyDocument.Statement).toEqual([{ Action: 'dynamodb:PutItem', Effect: 'Allow', Resource: { 'Fn::GetAtt': [tableId, 'Arn'] } }]);
    }
  });

  it('the user pool allows the custom (magic link) flow only', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPoolClient', { ExplicitAuthFlows: ['ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'], GenerateSecret: false, PreventUserExistenceErrors: 'ENABLED' });
  });

  it('data is destroyed with a dev stack but retained in production', () => {
    expect(Object.values(data.findResources('AWS::DynamoDB::GlobalTable'))[0]!.DeletionPolicy).toBe('Delete');
    const prodStacks = builtApp({ stage: 'prod' }).stacks;
    const prod = Template.fromStack(prodStacks.stateful);
    for (const type of ['AWS::DynamoDB::GlobalTable', 'AWS::S3::Bucket']) {
      for (const r of Object.values(prod.findResources(type))) expect(r.DeletionPolicy, type).toBe('Retain');
    }
    const prodAuth = Template.fromStack(prodStacks.auth);
    for (const r of Object.values(prodAuth.findResources('AWS::Cognito::UserPool'))) expect(r.DeletionPolicy).toBe('Retain');
  });
});

describe('API stack', () => {
  it('has exactly the routes of the route table, each with the authorizer its access needs', () => {
    const routes = api.findResources('AWS::ApiGatewayV2::Route');
    const httpRoutes = Object.values(routes).filter((r) => !String(r.Properties.RouteKey).startsWith('$'));
    expect(httpRoutes.map((r) => r.Properties.RouteKey).sort()).toEqual(API_ROUTES.map((r) => `${r.method} ${r.path}`).sort());
    for (const route of API_ROUTES) {
      const found = httpRoutes.find((r) => r.Properties.RouteKey === `${route.method} ${route.path}`)!;
      expect(found.Properties.AuthorizationType ?? 'NONE', route.path).toBe(route.access === 'public' ? 'NONE' : route.access === 'key' ? 'CUSTOM' : 'JWT');
    }
  });

  it('the public API\'s routes take the API key authorizer: a Lambda authorizer with simple responses, cached 30 s per Authorization header', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'REQUEST',
      AuthorizerPayloadFormatVersion: '2.0',
      EnableSimpleResponses: true,
      IdentitySource: ['$request.header.Authorization'],
      AuthorizerResultTtlInSeconds: 30,
    });
  });

  it('webhook deliveries go through an encrypted SQS queue with a dead-letter queue, consumed by deliver-webhook', () => {
    api.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, RedrivePolicy: { maxReceiveCount: 5 } });
    api.hasResourceProperties('AWS::Lambda::EventSourceMapping', { FunctionResponseTypes: ['ReportBatchItemFailures'], BatchSize: 1 });
  });

  it('the JWT authorizer checks the user pool issuer and the SPA client audience', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
  });

  it('has the three WebSocket routes', () => {
    for (const { routeKey } of WEBSOCKET_ROUTES) api.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: routeKey });
  });

  it('one Node 24 arm64 function per handler, each handler with stated permissions', () => {
    // Beside the routes' functions: the API key authorizer and the webhook queue's consumer (issue 28).
    const handlers = [
      ...API_ROUTES.map((r) => r.handler),
      ...WEBSOCKET_ROUTES.map((r) => r.handler),
      ...Object.values(WORKFLOW_TASK_HANDLERS),
      ...Object.values(BATCH_WORKFLOW_TASK_HANDLERS),
      PACKAGE_SWEEPER_HANDLER,
      'api-key-authorizer',
      'deliver-webhook',
    ];
    const fns = Object.values(api.findResources('AWS::Lambda::Function'));
    expect(fns.length).toBe(handlers.length);
    for (const fn of fns) {
      expect(fn.Properties.Runtime).toBe('nodejs24.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
    expect(fns.map((f) => f.Properties.Environment.Variables.HANDLER_NAME).sort()).toEqual([...handlers].sort());
    for (const h of handlers) expect(HANDLER_PERMISSIONS[h], h).toBeDefined();
  });

  it('least privilege: the packages reader cannot write, and only handlers that state mail:send may send mail', () => {
    const policies = api.findResources('AWS::IAM::Policy');
    const actionsOf = (handlerId: string) =>
      Object.entries(policies)
        .filter(([id]) => id.startsWith(handlerId))
        .flatMap(([, p]) => p.Properties.PolicyDocument.Statement.flatMap((s: { Action: string | string[] }) => [s.Action].flat()));
    const reader = actionsOf('ListCreditPackagesHandler');
    expect(reader).toContain('dynamodb:Query');
    expect(reader.filter((a) => a.startsWith('dynamodb:') && /Put|Update|Delete|Write/.test(a))).toEqual([]);
    const senders = Object.entries(policies)
      .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes('ses:SendEmail'))
      .map(([id]) => id.replace(/Fn.*/, ''));
    const pascal = (h: string) => h.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase()) + 'Handler';
    // The routes that mail, and the workflow tasks that end a package (its ready mail, issue 41).
    const declared = Object.keys(HANDLER_PERMISSIONS).filter((h) => HANDLER_PERMISSIONS[h]!.includes('mail:send')).map(pascal);
    expect(senders.sort()).toEqual(declared.sort());
    expect(senders).toContain('SendContactMessageHandler');
    expect(senders).toContain('PackageFinalizeHandler');
    expect(senders).not.toContain('ListCreditPackagesHandler');
  });

  it('the render workflow: a traced, logged state machine whose Map renders up to 8 angles at once, retrying and catching inside each angle', () => {
    const machines = Object.values(api.findResources('AWS::StepFunctions::StateMachine'));
    expect(machines.length).toBe(2); // the render workflow and its sibling, the batch workflow
    const props = machines.find((m) => JSON.stringify(m.Properties.DefinitionString).includes('Each angle'))!.Properties;
    expect(props.TracingConfiguration).toEqual({ Enabled: true });
    expect(props.LoggingConfiguration.Level).toBe('ALL');
    const definition = JSON.stringify(props.DefinitionString);
    expect(definition).toContain('\\"MaxConcurrency\\":8');
    expect(definition).toContain('RenderRetryableError');
    expect(definition).toMatch(/Render angle.*Catch.*States\.ALL.*Mark angle failed/);
  });

  it('render failures are retried by kind: busy and time-outs with backoff, the photo\'s own never, ours once; ours raise an alarm from the failure tasks\' logs', () => {
    const machines = Object.values(api.findResources('AWS::StepFunctions::StateMachine'));
    for (const machine of machines) {
      const text = JSON.stringify(machine.Properties.DefinitionString);
      // The joined definition is a CloudFormation Fn::Join: read the retriers of each render task from its text.
      expect(text).toContain('{\\"ErrorEquals\\":[\\"PhotoRejectedError\\",\\"RenderPermanentError\\"],\\"MaxAttempts\\":0}');
      expect(text).toMatch(/\{\\"ErrorEquals\\":\[\\"States\.ALL\\"\],\\"IntervalSeconds\\":\d+,\\"MaxAttempts\\":1\}/);
    }
    const filters = Object.values(api.findResources('AWS::Logs::MetricFilter')).filter((f) => f.Properties.MetricTransformations[0].MetricName === 'InternalRenderErrors');
    expect(filters.length).toBe(3); // angle failed, package finalize, batch photo failed
    for (const f of filters) {
      expect(f.Properties.FilterPattern).toBe('{ $.errorKind = "internal" }');
      expect(f.Properties.MetricTransformations).toEqual([expect.objectContaining({ MetricNamespace: 'StudioLot', MetricName: 'InternalRenderErrors', MetricValue: '1' })]);
    }
    // The Ops stack alarms on the first one, wired to the operator's topic.
    const alarm = Object.values(Template.fromStack(stacks.ops).findResources('AWS::CloudWatch::Alarm')).find((a) => a.Properties.MetricName === 'InternalRenderErrors');
    expect(alarm?.Properties).toMatchObject({ Namespace: 'StudioLot', ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    expect(alarm!.Properties.AlarmActions).toHaveLength(1);
  });

  it('the batch workflow: a traced, logged sibling whose Map renders up to 10 photos at once with the same Retry and a Catch inside each photo, and a Catch on the Map that closes the batch', () => {
    const machine = Object.values(api.findResources('AWS::StepFunctions::StateMachine')).find((m) => JSON.stringify(m.Properties.DefinitionString).includes('Each photo'))!;
    expect(machine.Properties.TracingConfiguration).toEqual({ Enabled: true });
    expect(machine.Properties.LoggingConfiguration.Level).toBe('ALL');
    const { stateMachineDefinitions } = localDefinitions;
    const definitions = Object.values(stateMachineDefinitions(api.toJSON() as never));
    const asl = definitions.find((d) => 'Each photo' in d.States)!;
    expect(asl.StartAt).toBe('Each photo');
    const map = asl.States['Each photo']!;
    expect(map).toMatchObject({ Type: 'Map', ItemsPath: '$.photos', MaxConcurrency: 10, Next: 'Finalize batch' });
    expect(map.Catch).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'Close batch after a failure', ResultPath: '$.error' })]);
    const processor = map.ItemProcessor!;
    expect(processor.StartAt).toBe('Mark photo processing');
    const render = processor.States['Render photo']!;
    expect(render.Retry).toContainEqual(
      expect.objectContaining({ ErrorEquals: ['RenderRetryableError', 'States.Timeout', 'Sandbox.Timedout'], IntervalSeconds: 5, MaxAttempts: 3, BackoffRate: 2, JitterStrategy: 'FULL' }),
    );
    expect(render.Catch).toEqual([expect.objectContaining({ ErrorEquals: ['States.ALL'], Next: 'Mark photo failed', ResultPath: '$.error' })]);
    expect(processor.States['Mark photo failed']).toMatchObject({ Type: 'Task', End: true });
    // The same render step as the car package workflow: identical Retry on its render task.
    const renderAsl = definitions.find((d) => 'Each angle' in d.States)!;
    expect(renderAsl.States['Each angle']!.ItemProcessor!.States['Render angle']!.Retry).toEqual(render.Retry);
    expect(asl.States['Finalize batch']).toMatchObject({ Type: 'Task', End: true });
    // The batch tasks run the batch handlers.
    const handlers = Object.values(api.findResources('AWS::Lambda::Function')).map((f) => f.Properties.Environment?.Variables?.HANDLER_NAME);
    for (const h of Object.values(BATCH_WORKFLOW_TASK_HANDLERS)) expect(handlers).toContain(h);
  });

  it('only the start, start-again and retry routes (the batch start, and the trial transfer, which starts a package) may start a workflow; only the sweeper may describe its executions, and only it, the account erasure and joining another dealership (which erases the dealership the person leaves) stop them; only what looks at photos reads the OpenAI key; a schedule runs the sweeper', () => {
    const policies = Object.entries(api.findResources('AWS::IAM::Policy'));
    const holders = (action: string) =>
      policies
        .filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes(`"${action}"`))
        .map(([id]) => id.replace(/Fn.*|Role.*/, ''))
        .sort();
    expect(holders('states:StartExecution')).toEqual([
      'RetryCarPackageAngleHandler',
      'StartBatchHandler',
      'StartCarPackageAgainHandler',
      'StartCarPackageHandler',
      'TransferTrialPhotosByEmailHandler',
      'TransferTrialPhotosHandler',
      'V1StartCarPackageHandler',
    ]);
    expect(holders('states:DescribeExecution')).toEqual(['PackageSweeperHandler']);
    expect(holders('states:StopExecution')).toEqual(['AcceptTeamInviteHandler', 'EraseAccountHandler', 'PackageSweeperHandler']);
    // The OpenAI key: the workflow's prepare and render tasks, the batch render, and the car check of the form, of each
    // package upload as it lands, of the starts and of the trial uploads and transfer (vision); the Stripe keys: the
    // purchase and the webhook.
    expect(holders('secretsmanager:GetSecretValue')).toEqual([
      'BatchRenderPhotoHandler',
      'CheckCarPackagePhotoHandler',
      'CheckCarPhotoHandler',
      'CompleteTrialUploadsHandler',
      'PackagePrepareHandler',
      'PackageRenderAngleHandler',
      'PurchaseCreditsHandler',
      'StartBatchHandler',
      'StartCarPackageAgainHandler',
      'StartCarPackageHandler',
      'StripeWebhookHandler',
      'TransferTrialPhotosByEmailHandler',
      'TransferTrialPhotosHandler',
      'V1StartCarPackageHandler',
    ]);
    api.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(5 minutes)', State: 'ENABLED' });
  });

  it('the Stripe keys live in two Secrets Manager secrets: only the purchase may read the API key, only the webhook the signing secret', () => {
    const secrets = api.findResources('AWS::SecretsManager::Secret');
    const idOf = (name: string) => Object.entries(secrets).find(([, s]) => String(s.Properties.Name).endsWith(name))?.[0];
    const keyId = idOf('/stripe-secret-key');
    const webhookId = idOf('/stripe-webhook-secret');
    expect(keyId).toBeDefined();
    expect(webhookId).toBeDefined();
    const policies = Object.entries(api.findResources('AWS::IAM::Policy'));
    // A secret of this stack by its Ref, or of the API shell by the export that carries its Ref (the secrets live in
    // the API stack, the purchase and the webhook in the admin and finance API stack).
    const refersTo = (value: unknown, secretId: string) => new RegExp(`"Ref":"${secretId}"|ExportsOutputRef${secretId}`).test(JSON.stringify(value));
    const readers = (secretId: string) =>
      policies
        .filter(([, p]) => refersTo(p.Properties.PolicyDocument, secretId))
        .map(([id]) => id.replace(/Fn.*|Role.*/, ''))
        .sort();
    expect(readers(keyId!)).toEqual(['PurchaseCreditsHandler']);
    expect(readers(webhookId!)).toEqual(['StripeWebhookHandler']);
    const envOf = (handler: string) =>
      Object.values(api.findResources('AWS::Lambda::Function')).find((f) => f.Properties.Environment.Variables.HANDLER_NAME === handler)!.Properties.Environment.Variables;
    expect(refersTo(envOf('purchase-credits').STRIPE_SECRET_KEY_ARN, keyId!)).toBe(true);
    expect(refersTo(envOf('stripe-webhook').STRIPE_WEBHOOK_SECRET_ARN, webhookId!)).toBe(true);
    expect(envOf('stripe-webhook').STRIPE_SECRET_KEY_ARN).toBeUndefined();
    expect(envOf('validate-coupon').STRIPE_SECRET_KEY_ARN).toBeUndefined();
  });

  it('content credentials: a sign-only P-256 KMS key that only the render task may sign with, its chain in SSM read by the signer and the public check', () => {
    api.hasResourceProperties('AWS::KMS::Key', { KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' });
    const [keyId] = Object.keys(api.findResources('AWS::KMS::Key'));
    api.hasResourceProperties('AWS::SSM::Parameter', { Name: '/studio-lot/dev/content-credentials/certificate-chain', Type: 'String' });
    const policies = Object.entries(api.findResources('AWS::IAM::Policy'));
    const statements = (p: (typeof policies)[number][1]) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>;
    const holders = (action: string) =>
      policies
        .filter(([, p]) => statements(p).some((st) => [st.Action].flat().includes(action) && JSON.stringify(st.Resource).includes(action === 'kms:Sign' ? keyId! : 'content-credentials/certificate-chain')))
        .map(([id]) => id.replace(/Fn.*|Role.*/, ''))
        .sort();
    expect(holders('kms:Sign')).toEqual(['BatchRenderPhotoHandler', 'PackageRenderAngleHandler']);
    expect(holders('ssm:GetParameter')).toEqual(['BatchRenderPhotoHandler', 'PackageRenderAngleHandler', 'VerifyContentCredentialsHandler']);
    // kms:Sign on that key alone, never a wildcard.
    for (const [, p] of policies) for (const st of statements(p)) if ([st.Action].flat().includes('kms:Sign')) expect(JSON.stringify(st.Resource)).not.toContain('*');
    const envOf = (handler: string) =>
      Object.values(api.findResources('AWS::Lambda::Function')).find((f) => f.Properties.Environment?.Variables?.HANDLER_NAME === handler)!.Properties.Environment.Variables;
    expect(envOf('package-render-angle')).toMatchObject({ C2PA_KMS_KEY_ID: expect.anything(), C2PA_CERT_CHAIN_PARAMETER: '/studio-lot/dev/content-credentials/certificate-chain' });
    expect(envOf('package-prepare').C2PA_KMS_KEY_ID).toBeUndefined();
  });

  it('car package photos left in drafts/ (never started) are forgotten after two days', () => {
    data.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ Prefix: 'drafts/', ExpirationInDays: 2, Status: 'Enabled' })]) },
    });
  });

  it('access logs and throttling on the HTTP stage', () => {
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
      DefaultRouteSettings: { ThrottlingBurstLimit: 200, ThrottlingRateLimit: 100 },
    });
  });
});

describe('auth stack', () => {
  it('wires the five triggers of the magic-link flow to the user pool', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: Match.anyValue(),
        DefineAuthChallenge: Match.anyValue(),
        CreateAuthChallenge: Match.anyValue(),
        VerifyAuthChallengeResponse: Match.anyValue(),
        PostAuthentication: Match.anyValue(),
      },
    });
  });

  it('signs links with an asymmetric KMS key that only POST /api/auth/magic-link (and the trial account creation, which runs the same request, and a team invite, which mails a sign-in link) may use to sign', () => {
    auth.hasResourceProperties('AWS::KMS::Key', { KeySpec: 'ECC_NIST_P256', KeyUsage: 'SIGN_VERIFY' });
    const signersIn = (t: Template) =>
      Object.entries(t.findResources('AWS::IAM::Policy'))
        .filter(([, p]) => (p.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]).some((st) => [st.Action].flat().includes('kms:Sign') && JSON.stringify(st.Resource).includes('MagicLinkSigningKey')))
        .map(([id]) => id.replace(/Fn.*/, ''));
    expect([...signersIn(auth), ...signersIn(api)].sort()).toEqual(['CreateTeamInviteHandler', 'CreateTrialAccountHandler', 'RequestMagicLinkHandler']);
  });

  it('self sign-up is off (accounts are made by the magic-link route, the trial account creation and a team invite), and the dealership name is an account attribute', () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Schema: Match.arrayWith([Match.objectLike({ Name: 'dealer_name', AttributeDataType: 'String', Mutable: true })]),
    });
    const creators = ['RequestMagicLinkHandler', 'CreateTrialAccountHandler', 'CreateTeamInviteHandler'];
    for (const creator of creators) {
      const handler = Object.entries(api.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith(creator));
      const doc = JSON.stringify(handler.map(([, p]) => p.Properties.PolicyDocument));
      for (const action of ['cognito-idp:AdminGetUser', 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminSetUserPassword']) expect(doc).toContain(action);
    }
    // The account erasure and a member's own erasure (issue 42) may sign a user out and delete them, and nothing else of the admin API.
    const erasers = ['EraseAccountHandler', 'EraseMyDataHandler'];
    for (const name of erasers) {
      const eraser = JSON.stringify(Object.entries(api.findResources('AWS::IAM::Policy')).filter(([id]) => id.startsWith(name)).map(([, p]) => p.Properties.PolicyDocument));
      expect(eraser.match(/cognito-idp:\w+/g)?.sort(), name).toEqual(['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminUserGlobalSignOut']);
    }
    const others = Object.entries(api.findResources('AWS::IAM::Policy')).filter(([id]) => !creators.some((c) => id.startsWith(c)) && !erasers.some((e) => id.startsWith(e)));
    expect(JSON.stringify(others.map(([, p]) => p.Properties.PolicyDocument))).not.toContain('cognito-idp:Admin');
  });
});

describe('web stack', () => {
  it('serves the SPA from a private bucket through CloudFront, with /api/* going to the HTTP API uncached', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https', Compress: true }),
        CacheBehaviors: Match.arrayWith([Match.objectLike({ PathPattern: '/api/*', AllowedMethods: Match.arrayWith(['POST']) })]),
      }),
    });
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
  });

  it('one security headers policy (infra/security-headers.ts) on the SPA, /api/* and the shared car page: strict CSP, HSTS, nosniff, DENY, referrer and permissions policies', () => {
    const policies = web.findResources('AWS::CloudFront::ResponseHeadersPolicy');
    expect(Object.keys(policies)).toHaveLength(2);
    const [policyId, policy] = Object.entries(policies).find(([, p]) => p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.FrameOptions)!;
    const config = policy.Properties.ResponseHeadersPolicyConfig;
    const csp = JSON.stringify(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    for (const directive of ["default-src 'self'", "script-src 'self' https://js.stripe.com;", "frame-ancestors 'none'", "object-src 'none'", 'cognito-idp.', 'wss://', 'https://api.stripe.com']) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(config.SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true },
      ContentTypeOptions: { Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
    });
    expect(config.CustomHeadersConfig.Items.map((h: { Header: string }) => h.Header).sort()).toEqual(['Cross-Origin-Opener-Policy', 'Permissions-Policy']);
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const ref = { Ref: policyId };
    expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual(ref);
    expect(distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*').ResponseHeadersPolicyId).toEqual(ref);
    expect(distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/c/*').ResponseHeadersPolicyId).toEqual(ref);
  });

  it("only the shared car's embed (/c/*/embed) may be framed, by any site: frame-ancestors *, no X-Frame-Options; a shared car is kept at the edge at most a minute", () => {
    const policies = Object.entries(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'));
    const [embedId, embed] = policies.find(([, p]) => !p.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.FrameOptions)!;
    const config = embed.Properties.ResponseHeadersPolicyConfig;
    const csp = JSON.stringify(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com;");
    expect(config.SecurityHeadersConfig).toMatchObject({ StrictTransportSecurity: { Override: true }, ContentTypeOptions: { Override: true } });
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const patterns = distribution.CacheBehaviors.map((b: { PathPattern: string }) => b.PathPattern);
    // CloudFront takes the first behaviour that matches: the embed's before the page's.
    expect(patterns.indexOf('/c/*/embed')).toBeLessThan(patterns.indexOf('/c/*'));
    const behavior = (pattern: string) => distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === pattern);
    expect(behavior('/c/*/embed').ResponseHeadersPolicyId).toEqual({ Ref: embedId });
    // No other behaviour uses the framable policy.
    const users = [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors].filter((b) => JSON.stringify(b.ResponseHeadersPolicyId) === JSON.stringify({ Ref: embedId }));
    expect(users.map((b: { PathPattern?: string }) => b.PathPattern)).toEqual(['/c/*/embed']);
    const api = behavior('/api/*');
    // A shared car's page, embed, data and images: a cache policy of their own, at most the minute the API allows,
    // keyed by the path alone; the rest of the API is never cached.
    const [cacheId, cache] = Object.entries(web.findResources('AWS::CloudFront::CachePolicy')).find(([, p]) => /shared car/.test(p.Properties.CachePolicyConfig.Comment))!;
    expect(cache.Properties.CachePolicyConfig).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 60 });
    expect(cache.Properties.CachePolicyConfig.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      CookiesConfig: { CookieBehavior: 'none' },
      HeadersConfig: { HeaderBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'none' },
      EnableAcceptEncodingBrotli: true,
      EnableAcceptEncodingGzip: true,
    });
    expect(api.CachePolicyId).not.toEqual({ Ref: cacheId });
    expect(patterns.indexOf('/api/share/*')).toBeLessThan(patterns.indexOf('/api/*'));
    for (const pattern of ['/c/*', '/c/*/embed', '/api/share/*']) {
      const b = behavior(pattern);
      expect(b.TargetOriginId, pattern).toBe(api.TargetOriginId);
      expect(b.CachePolicyId, pattern).toEqual({ Ref: cacheId });
      expect(b.AllowedMethods, pattern).toEqual(['GET', 'HEAD']);
      expect(b.FunctionAssociations, pattern).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    }
    const rewrite = Object.values(web.findResources('AWS::CloudFront::Function')).find((f) => String(f.Properties.FunctionCode).includes('/api/share/'));
    expect(rewrite?.Properties.FunctionCode).toContain('x-viewer-address');
  });

  it("the SPA's deep links (a car package's own address, /docs/api) are served index.html at the edge; files and the pre-rendered pages keep theirs", () => {
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const [association] = distribution.DefaultCacheBehavior.FunctionAssociations as { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
    expect(association!.EventType).toBe('viewer-request');
    const code = String(web.toJSON().Resources[association!.FunctionARN['Fn::GetAtt'][0]].Properties.FunctionCode);
    const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    const served = (uri: string) => handler({ request: { uri } }).uri;
    expect(served('/dashboard/car-packages/01ARZ3NDEKTSV4RRFFQ69G5FAV')).toBe('/index.html');
    expect(served('/dashboard/car-packages')).toBe('/index.html');
    expect(served('/docs/api')).toBe('/index.html');
    expect(served('/')).toBe('/landing.html');
    expect(served('/contact')).toBe('/contact.html');
    expect(served('/assets/index-3f2a1b.js')).toBe('/assets/index-3f2a1b.js');
  });

  it("/api/* requests carry the viewer's IP from the edge (x-viewer-address, overwritten at the edge), which the API handlers trust", () => {
    const functions = Object.values(web.findResources('AWS::CloudFront::Function'));
    const viewer = functions.find((f) => String(f.Properties.FunctionCode).includes('x-viewer-address'));
    expect(viewer?.Properties.FunctionCode).toContain('event.viewer.ip');
    const distribution = Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
    const apiBehavior = distribution.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === '/api/*');
    expect(apiBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    const env = Object.values(api.findResources('AWS::Lambda::Function')).find((f) => f.Properties.Environment?.Variables?.HANDLER_NAME === 'request-magic-link')!.Properties.Environment.Variables;
    expect(env.TRUST_VIEWER_ADDRESS).toBe('true');
  });

  it('deploys a runtime config.json next to the SPA, filled at deploy time with the pool, client, site and WebSocket', () => {
    const deployment = Object.values(web.findResources('Custom::CDKBucketDeployment'))[0]!.Properties;
    const markers = JSON.stringify(deployment.SourceMarkers.at(-1));
    expect(markers).toMatch(/UserPool[0-9A-F]{8}/); // userPoolId
    expect(markers).toMatch(/UserPoolSpaClient/); // userPoolClientId
    expect(markers).toMatch(/Cdn[0-9A-F]{8}.*DomainName/); // apiUrl = the site's own origin
    expect(markers).toMatch(/LiveStatus/); // webSocketUrl
    expect(deployment.SourceMarkersConfig.at(-1)).toEqual({ jsonEscape: true });
    // Every HTML entry and config.json are invalidated on each deploy.
    expect(deployment.DistributionPaths).toEqual(['/*']);
  });
});

describe('cdk-nag AwsSolutions', () => {
  it('reports no unsuppressed error or warning in any stack', () => {
    for (const stack of Object.values(stacks)) expect(nagFindings(stack, /AwsSolutions-/, ['error', 'warning']), stack.stackName).toEqual([]);
  });
});
