import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as ssm from 'aws-cdk-lib/aws-ssm';
import { siteOriginParameterName } from './auth-stack';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { RuntimeConfig } from '@shared/schemas/runtime-config';
import { SHARED_CAR_CACHE_SECONDS } from '@shared/limits';
import { outdoorStylesOf, type StageConfig } from '../stage-config';
import { PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY, contentSecurityPolicy, type Framing } from '../../security-headers';
import { SHARE_REWRITE } from '../../share-routes';
import { ORIGIN_VERIFY_HEADER } from '../../../functions/src/http/origin-guard';

export interface WebStackProps extends StackProps {
  config: StageConfig;
  httpApi: apigw.IHttpApi;
  /** The WAF web ACL (CLOUDFRONT scope, us-east-1: the edge stack). */
  webAclArn: string;
  /** The value CloudFront sends to the API in x-origin-verify (the API refuses requests without it). */
  originVerifySecret: secretsmanager.ISecret;
  webSocketUrl: string;
  /** The WebSocket API's id: its origin is allowed in the CSP's connect-src. */
  webSocketApiId: string;
  /** Buckets the browser reaches through presigned URLs (uploads by POST, images by GET). */
  uploadsBucket: s3.IBucket;
  rendersBucket: s3.IBucket;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  /** The built SPA (frontend/dist); when missing only config.json is deployed and a warning is shown. */
  spaDistPath?: string;
}

/**
 * `/` is the pre-rendered landing page (landing.html) and /contact, /terms, /privacy have pre-rendered HTML of their
 * own (as the local host serves them); other SPA routes are client-side: any path without a file extension is served index.html.
 */
const SPA_REWRITE = `function handler(event) {
  var uri = event.request.uri;
  if (uri === '/') { event.request.uri = '/landing.html'; }
  else if (uri === '/contact' || uri === '/terms' || uri === '/privacy') { event.request.uri = uri + '.html'; }
  else if (uri.indexOf('.') === -1) { event.request.uri = '/index.html'; }
  return event.request;
}`;

/**
 * The viewer's IP for the API's per-client limits: API Gateway sees the edge's address, so the edge writes the viewer's
 * into x-viewer-address, replacing whatever the caller sent (the handlers trust it: TRUST_VIEWER_ADDRESS).
 */
const VIEWER_ADDRESS = `function handler(event) {
  event.request.headers['x-viewer-address'] = { value: event.viewer.ip };
  return event.request;
}`;

/** The SPA on a private bucket behind CloudFront, with the API on the same origin under /api/*. */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  /** What config.json tells the SPA (the tests read it). */
  readonly runtimeConfig: RuntimeConfig;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const removalPolicy = props.config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    const logs = new s3.Bucket(this, 'CdnLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED, // CloudFront standard logs need ACLs
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects: !props.config.retainData,
    });
    NagSuppressions.addResourceSuppressions(logs, [{ id: 'AwsSolutions-S1', reason: 'This bucket receives the CDN and SPA bucket access logs; it does not log itself.' }]);

    const site = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.DESTROY, // the SPA is rebuilt from source on every deploy
      autoDeleteObjects: true,
    });

    const apiDomain = `${props.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const siteSources = {
      connect: [
        `https://cognito-idp.${this.region}.${this.urlSuffix}`,
        `wss://${props.webSocketApiId}.execute-api.${this.region}.${this.urlSuffix}`,
        `https://${props.uploadsBucket.bucketRegionalDomainName}`,
      ],
      img: [`https://${props.rendersBucket.bucketRegionalDomainName}`, `https://${props.uploadsBucket.bucketRegionalDomainName}`],
    };
    // One policy for the SPA and the API (infra/security-headers.ts; the local host sends the same), and the same one
    // without X-Frame-Options and with frame-ancestors * for the shared car's embed, the one response other sites may frame.
    const headersPolicy = (id: string, framing: Framing) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment: `studio-lot: CSP, HSTS, nosniff, ${framing === 'none' ? 'frame, ' : ''}referrer and permissions policies${framing === 'any' ? ' (any site may frame: the embed)' : ''}`,
        securityHeadersBehavior: {
          contentSecurityPolicy: { override: true, contentSecurityPolicy: contentSecurityPolicy(siteSources, framing) },
          strictTransportSecurity: {
            override: true,
            accessControlMaxAge: Duration.seconds(STRICT_TRANSPORT_SECURITY.maxAgeSeconds),
            includeSubdomains: STRICT_TRANSPORT_SECURITY.includeSubdomains,
            preload: STRICT_TRANSPORT_SECURITY.preload,
          },
          contentTypeOptions: { override: true },
          ...(framing === 'none' ? { frameOptions: { override: true, frameOption: cloudfront.HeadersFrameOption.DENY } } : {}),
          referrerPolicy: { override: true, referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN },
        },
        customHeadersBehavior: {
          customHeaders: [
            { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true },
            { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
          ],
        },
      });
    const securityHeaders = headersPolicy('SecurityHeaders', 'none');
    const embedHeaders = headersPolicy('EmbedSecurityHeaders', 'any');
    const apiOrigin = new origins.HttpOrigin(apiDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
    });
    // A shared car (issue 29): its page, embed, data and images are kept at the edge for as long as the API says (a
    // minute: SHARED_CAR_CACHE_SECONDS, so Share off reaches every edge within it), keyed by the path alone, so a busy
    // embed is served by CloudFront and no query string can make it ask the API again. "Not shared" is never kept.
    const sharedCarCache = new cloudfront.CachePolicy(this, 'SharedCarCache', {
      comment: 'studio-lot: a shared car for at most a minute, as the API says; path only in the key',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(SHARED_CAR_CACHE_SECONDS),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', { code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS), runtime: cloudfront.FunctionRuntime.JS_2_0 });
    // The shared car's page and embed: rendered by the API (the /c/ paths rewritten to its routes).
    const shareRewrite = new cloudfront.Function(this, 'ShareRewrite', { code: cloudfront.FunctionCode.fromInline(SHARE_REWRITE), runtime: cloudfront.FunctionRuntime.JS_2_0 });
    const sharedCar = (responseHeadersPolicy: cloudfront.IResponseHeadersPolicy): cloudfront.BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: sharedCarCache,
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy,
      compress: true,
      functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: shareRewrite }],
    });
    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      webAclId: props.webAclArn,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cdn/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: new cloudfront.Function(this, 'SpaRewrite', { code: cloudfront.FunctionCode.fromInline(SPA_REWRITE), runtime: cloudfront.FunctionRuntime.JS_2_0 }) },
        ],
      },
      additionalBehaviors: {
        // Before /api/*: CloudFront takes the first behaviour that matches.
        '/api/share/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: sharedCarCache,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
          functionAssociations: [{ eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: viewerAddress }],
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
          functionAssociations: [
            { eventType: cloudfront.FunctionEventType.VIEWER_REQUEST, function: viewerAddress },
          ],
        },
        // The more specific pattern first: CloudFront takes the first behaviour that matches.
        '/c/*/embed': sharedCar(embedHeaders),
        '/c/*': sharedCar(securityHeaders),
      },
    });
    NagSuppressions.addResourceSuppressions(this.distribution, [
      { id: 'AwsSolutions-CFR1', reason: 'Dealers may be anywhere; no country is blocked.' },
      { id: 'AwsSolutions-CFR4', reason: 'The default CloudFront certificate is used until a custom domain is configured; with a custom domain and certificate set minimumProtocolVersion to TLSv1.2_2021.' },
    ]);

    const runtimeConfig: RuntimeConfig = {
      apiUrl: `https://${this.distribution.distributionDomainName}`,
      webSocketUrl: props.webSocketUrl,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      stripePublishableKey: String(this.node.tryGetContext('stripePublishableKey') ?? ''),
      home: 'aws',
      // The compositor without a scene library (no `-c scenesDir`) has no outdoor scenes: the form leaves those styles
      // out and says why, as locally (the API functions refuse them: OUTDOOR_STYLES, api-stack.ts).
      ...(outdoorStylesOf(props.config) === 'off' ? { outdoorStyles: false } : {}),
    };
    this.runtimeConfig = runtimeConfig;
    const sources = [s3deploy.Source.jsonData('config.json', runtimeConfig)];
    if (props.spaDistPath && existsSync(resolve(props.spaDistPath, 'index.html'))) {
      // The local host's precompressed copies stay home: CloudFront compresses by itself.
      sources.unshift(s3deploy.Source.asset(props.spaDistPath, { exclude: ['*.br', '*.gz', '.build-stamp'] }));
    } else {
      Annotations.of(this).addWarningV2('studio-lot:spa-missing', 'frontend/dist is missing: run `npm run build` before `cdk deploy` to ship the SPA.');
    }
    new s3deploy.BucketDeployment(this, 'DeploySite', {
      destinationBucket: site,
      sources,
      distribution: this.distribution,
      // Every HTML entry (index, landing, pre-rendered pages) and config.json; hashed assets never change.
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    NagSuppressions.addStackSuppressions(this, [
      { id: 'AwsSolutions-IAM4', reason: 'The CDK BucketDeployment and auto-delete custom resources use the basic execution role for their own logs.' },
      { id: 'AwsSolutions-IAM5', reason: 'The CDK BucketDeployment custom resource copies many objects into this stack’s site bucket and invalidates this distribution.' },
      { id: 'AwsSolutions-L1', reason: 'The CDK BucketDeployment custom resource pins its own runtime.' },
    ]);

    // Magic links may point only at this origin (read by the sign-in trigger).
    new ssm.StringParameter(this, 'SiteOrigin', {
      parameterName: siteOriginParameterName(props.config.stage),
      stringValue: `https://${this.distribution.distributionDomainName}`,
      description: 'The site origin magic sign-in links point to',
    });

    new CfnOutput(this, 'SiteUrl', { value: `https://${this.distribution.distributionDomainName}` });
  }
}
