import { App, Aspects, Tags, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { resolve } from 'node:path';
import { API_ROUTES, type ApiRoute } from '@shared/api-routes';
import { API_DOMAIN_STACKS, domainOf, type ApiDomain } from './api-domains';
import { ApiRoutesStack } from './stacks/api-routes-stack';
import { ApiStack } from './stacks/api-stack';
import { WorkflowsStack } from './stacks/workflows-stack';
import { OpsStack } from './stacks/ops-stack';
import { HandlerFunction } from './constructs/handler-function';
import { AuthStack } from './stacks/auth-stack';
import { EdgeStack } from './stacks/edge-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { WebStack } from './stacks/web-stack';
import { stageConfig } from './stage-config';

/** Builds the whole AWS home; used by `cdk` (app.ts) and by the infra tests. */
export function buildApp(props: AppProps = {}) {
  // Cross-stack references stay strong: a consumer stack blocks deleting what it uses.
  const app = new App({ ...props, context: { '@aws-cdk/core:defaultCrossStackReferences': 'strong', ...props.context } });
  const config = stageConfig(app);
  // A concrete region (the CLI's, else -c region=…, else us-east-1): the web stack refers to the WAF web ACL in
  // us-east-1, and a cross-region reference needs both regions known at synth.
  const region = process.env.CDK_DEFAULT_REGION ?? String(app.node.tryGetContext('region') ?? 'us-east-1');
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region };
  const prefix = `StudioLot-${config.stage}`;

  const stateful = new StatefulStack(app, `${prefix}-Data`, { env, config });
  const resources = {
    table: stateful.table,
    uploadsBucket: stateful.uploadsBucket,
    rendersBucket: stateful.rendersBucket,
    ...(stateful.scenesBucket ? { scenesBucket: stateful.scenesBucket } : {}),
  };
  const auth = new AuthStack(app, `${prefix}-Auth`, { env, config, resources });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    config,
    resources,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    magicLinkKey: auth.magicLinkKey,
  });
  const workflows = new WorkflowsStack(app, `${prefix}-Workflows`, { env, shared: api.shared, description: 'The render and batch workflows, their tasks and the sweeper.' });
  const routesOf = (domain: ApiDomain) => (API_ROUTES as readonly ApiRoute[]).filter((r) => domainOf(r) === domain);
  const domainStack = (domain: ApiDomain) =>
    new ApiRoutesStack(app, `${prefix}-${API_DOMAIN_STACKS[domain].id}`, {
      env,
      description: API_DOMAIN_STACKS[domain].description,
      shared: api.shared,
      routes: routesOf(domain),
      workflows: { render: workflows.renderWorkflow, batch: workflows.batchWorkflow },
    });
  const apiDomains = { dealer: domainStack('dealer'), studio: domainStack('studio'), admin: domainStack('admin'), integrations: domainStack('integrations') };
  // Every function the app deploys, by the name it gives it: the Ops stack watches them without importing them.
  const functionNames = app.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction).map((f) => f.functionName).sort();
  const ops = new OpsStack(app, `${prefix}-Ops`, { env, config, httpApi: api.httpApi, functionNames, description: 'Alarms to the ops topic, and the dashboard.' });
  const edge = new EdgeStack(app, `${prefix}-Edge`, { env: { ...env, region: 'us-east-1' }, config, crossRegionReferences: true });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    crossRegionReferences: true,
    config,
    webAclArn: edge.webAclArn,
    originVerifySecret: api.originVerifySecret,
    httpApi: api.httpApi,
    webSocketUrl: api.webSocketStage.url,
    webSocketApiId: api.webSocketStage.api.apiId,
    uploadsBucket: stateful.uploadsBucket,
    rendersBucket: stateful.rendersBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    spaDistPath: resolve(import.meta.dirname, '../../frontend/dist'),
  });

  Tags.of(app).add('project', 'studio-lot');
  Tags.of(app).add('stage', config.stage);
  Aspects.of(app).add(new AwsSolutionsChecks({ verbose: true }));
  return { app, config, stacks: { stateful, auth, api, workflows, ...apiDomains, ops, web, edge } };
}
