import { App, Aspects, Tags, type AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { resolve } from 'node:path';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { StatefulStack } from './stacks/stateful-stack';
import { WebStack } from './stacks/web-stack';
import { stageConfig } from './stage-config';

/** Builds the whole AWS home; used by `cdk` (app.ts) and by the infra tests. */
export function buildApp(props: AppProps = {}) {
  // Cross-stack references stay strong: a consumer stack blocks deleting what it uses.
  const app = new App({ ...props, context: { '@aws-cdk/core:defaultCrossStackReferences': 'strong', ...props.context } });
  const config = stageConfig(app);
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  const prefix = `StudioLot-${config.stage}`;

  const stateful = new StatefulStack(app, `${prefix}-Data`, { env, config });
  const resources = { table: stateful.table, uploadsBucket: stateful.uploadsBucket, rendersBucket: stateful.rendersBucket };
  const auth = new AuthStack(app, `${prefix}-Auth`, { env, config, resources });
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    config,
    resources,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    magicLinkKey: auth.magicLinkKey,
  });
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    config,
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
  return { app, config, stacks: { stateful, auth, api, web } };
}
