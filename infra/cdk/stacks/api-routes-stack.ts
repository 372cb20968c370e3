import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import type { ApiRoute } from '@shared/api-routes';
import { HandlerFunction } from '../constructs/handler-function';
import { handlerFunctionName } from '../names';
import { pascal, type ApiShared } from './api-stack';

export interface ApiRoutesStackProps extends StackProps {
  shared: ApiShared;
  /** The routes of this stack's domain (infra/cdk/api-domains.ts). */
  routes: readonly ApiRoute[];
  /** For the routes that start, describe or stop executions. */
  workflows: { render: sfn.IStateMachine; batch: sfn.IStateMachine };
}

/**
 * One domain of the HTTP API: a function per route of the route table (with the permissions its handler states) and
 * the route itself on the shared HTTP API, with the JWT authorizer when the route is not public. What it takes from
 * other stacks: the API's and the authorizer's ids, the environments and resources of ApiShared, the two workflows.
 */
export class ApiRoutesStack extends Stack {
  /** The route functions by handler name. */
  readonly functions: Record<string, lambda.IFunction> = {};

  constructor(scope: Construct, id: string, props: ApiRoutesStackProps) {
    super(scope, id, props);
    const { config, httpApi, authorizer, keyAuthorizer, environments } = props.shared;
    const resources = { ...props.shared.resources, renderWorkflow: props.workflows.render, batchWorkflow: props.workflows.batch };
    for (const route of props.routes) {
      const fn = new HandlerFunction(this, `${pascal(route.handler)}Handler`, {
        handler: route.handler,
        functionName: handlerFunctionName(config.stage, route.handler),
        resources,
        environment: environments.api,
        timeout: Duration.seconds(route.timeoutSeconds ?? 10),
        memorySize: route.memoryMb,
      }).fn;
      this.functions[route.handler] = fn;
      const httpRoute = new apigw.HttpRoute(this, `${route.method}${route.path.replace(/[^A-Za-z0-9]/g, '')}Route`, {
        httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${pascal(route.handler)}Integration`, fn),
        // The public API's routes take an API key (the Lambda authorizer), every other signed-in route a JWT.
        ...(route.access === 'public' ? {} : { authorizer: route.access === 'key' ? keyAuthorizer : authorizer }),
      });
      if (route.access === 'public') {
        NagSuppressions.addResourceSuppressions(httpRoute, [
          { id: 'AwsSolutions-APIG4', reason: `${route.method} ${route.path} is public by the route table (used before sign-in); input is validated and rate-limited by its handler.` },
        ]);
      }
    }
  }
}
