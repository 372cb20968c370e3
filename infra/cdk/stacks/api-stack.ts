import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { API_ROUTES, WEBSOCKET_ROUTES, type ApiRoute } from '@shared/api-routes';
import { HandlerFunction, type HandlerResources } from '../constructs/handler-function';
import type { StageConfig } from '../stage-config';

export interface ApiStackProps extends StackProps {
  config: StageConfig;
  resources: Omit<HandlerResources, 'webSocketApiArn'>;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
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

/** The HTTP API generated from the shared route table, and the WebSocket API for live status. */
export class ApiStack extends Stack {
  readonly httpApi: apigw.HttpApi;
  readonly webSocketStage: apigw.WebSocketStage;

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

    const environment = {
      APP_HOME: 'aws',
      TABLE_NAME: props.resources.table.tableName,
      UPLOADS_BUCKET: props.resources.uploadsBucket.bucketName,
      RENDERS_BUCKET: props.resources.rendersBucket.bucketName,
      SUPPORT_EMAIL: config.supportEmail,
      MAIL_FROM: config.mailFrom,
      MAIL_TRANSPORT: 'ses',
      WEBSOCKET_MANAGEMENT_ENDPOINT: managementEndpoint,
    };
    const resources: HandlerResources = { ...props.resources, webSocketApiArn };
    const fnFor = (handler: string, route?: ApiRoute) =>
      new HandlerFunction(this, `${pascal(handler)}Handler`, {
        handler,
        resources,
        environment,
        timeout: Duration.seconds(route?.timeoutSeconds ?? 10),
        memorySize: route?.memoryMb,
      }).fn;

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

    // HTTP API: one route per entry of the route table, with the access the table states.
    const httpLogs = new logs.LogGroup(this, 'HttpAccessLogs', { retention: logs.RetentionDays.ONE_MONTH });
    this.httpApi = new apigw.HttpApi(this, 'Http', { createDefaultStage: true });
    const defaultStage = this.httpApi.defaultStage!.node.defaultChild as apigw.CfnStage;
    defaultStage.accessLogSettings = { destinationArn: httpLogs.logGroupArn, format: ACCESS_LOG_FORMAT };
    defaultStage.defaultRouteSettings = { throttlingRateLimit: 100, throttlingBurstLimit: 200 };

    const authorizer = new HttpJwtAuthorizer('CognitoJwt', `https://cognito-idp.${this.region}.amazonaws.com/${props.userPool.userPoolId}`, {
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
    for (const route of API_ROUTES as readonly ApiRoute[]) {
      const routes = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigw.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${pascal(route.handler)}Integration`, fnFor(route.handler, route)),
        ...(route.access === 'public' ? {} : { authorizer }),
      });
      if (route.access === 'public') {
        for (const r of routes) {
          NagSuppressions.addResourceSuppressions(r, [
            { id: 'AwsSolutions-APIG4', reason: `${route.method} ${route.path} is public by the route table (used before sign-in); input is validated and rate-limited by its handler.` },
          ]);
        }
      }
    }

    new CfnOutput(this, 'HttpApiUrl', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketStage.url });
  }
}

const pascal = (s: string) => s.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
