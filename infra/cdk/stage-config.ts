import type { App } from 'aws-cdk-lib';

/** Deployment settings, from CDK context (`cdk deploy -c stage=prod -c supportEmail=...`). */
export interface StageConfig {
  stage: string;
  /** Production keeps data (table, buckets, user pool) when a stack is deleted. */
  retainData: boolean;
  supportEmail: string;
  /** An SES-verified sender identity. */
  mailFrom: string;
  /** Where the renderer reaches OpenAI; the key itself lives in Secrets Manager under this name. */
  openAiSecretName: string;
  /** RENDERER of the render tasks: `local` (the studio compositor, the default) or `openai` (the image edit, an option). */
  renderer: 'local' | 'openai';
  renderModel: string;
  /** Origins besides the CloudFront one that magic links may point to (a custom domain). */
  extraSiteOrigins: string[];
  /** Where the Ops stack's alarms are mailed (`-c opsEmail=ops@example.com`); none: the topic has no subscriber. */
  opsEmail: string | undefined;
  /**
   * The scene library's folder on the deploying machine (`-c scenesDir=/path/to/scenes`): its manifest files are
   * uploaded to the scenes bucket and the render tasks read them. None: the render tasks draw their backgrounds.
   */
  scenesDir: string | undefined;
}

function rendererOf(value: string): StageConfig['renderer'] {
  if (value !== 'local' && value !== 'openai') throw new Error(`-c renderer must be local or openai (got "${value}")`);
  return value;
}

export function stageConfig(app: App): StageConfig {
  const ctx = (key: string, fallback: string) => String(app.node.tryGetContext(key) ?? fallback);
  const stage = ctx('stage', 'dev');
  return {
    stage,
    retainData: stage === 'prod' || ctx('retainData', 'false') === 'true',
    supportEmail: ctx('supportEmail', 'support@example.com'),
    mailFrom: ctx('mailFrom', 'no-reply@example.com'),
    openAiSecretName: ctx('openAiSecretName', `studio-lot/${stage}/openai-api-key`),
    renderer: rendererOf(ctx('renderer', 'local')),
    renderModel: ctx('renderModel', 'gpt-image-2.6-sunburst'),
    extraSiteOrigins: ctx('siteOrigins', '').split(',').map((o) => o.trim()).filter(Boolean),
    opsEmail: ctx('opsEmail', '').trim() || undefined,
    scenesDir: ctx('scenesDir', '').trim() || undefined,
  };
}

/** Whether the stage offers the outdoor styles: the compositor needs the scene library for them; OpenAI makes its own. */
export const outdoorStylesOf = (config: Pick<StageConfig, 'renderer' | 'scenesDir'>): 'on' | 'off' => (config.renderer === 'local' && !config.scenesDir ? 'off' : 'on');
