/**
 * Which renderer the render tasks run: the studio compositor unless RENDERER=openai, in AWS as locally. With the
 * compositor chosen, the OpenAI key's secret is never read (an unreachable secret ARN proves it).
 */
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { configuredRenderer } from '../../functions/src/car-packages/workflow-adapters';
import { stageConfig } from '../../infra/cdk/stage-config';

const lambdaEnv = { AWS_LAMBDA_FUNCTION_NAME: 'render', AWS_REGION: 'eu-west-1', OPENAI_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:000000000000:secret:none' };

describe('configured renderer', () => {
  it('is the compositor with RENDERER=local even where an OpenAI secret is configured', () => {
    const renderer = configuredRenderer({ ...lambdaEnv, RENDERER: 'local' });
    expect(renderer.name).toBe('local');
    expect(renderer.photosPerRender).toBe(1);
  });

  it('is the OpenAI image edit with RENDERER=openai (its key read from the secret on first use)', () => {
    expect(configuredRenderer({ ...lambdaEnv, RENDERER: 'openai' }).name).toBe('openai');
  });

  it('the AWS stage renders with the compositor by default; -c renderer=openai chooses the image edit; anything else is refused', () => {
    expect(stageConfig(new App()).renderer).toBe('local');
    expect(stageConfig(new App({ context: { renderer: 'openai' } })).renderer).toBe('openai');
    expect(() => stageConfig(new App({ context: { renderer: 'dall-e' } }))).toThrow(/-c renderer must be local or openai/);
  });
});
