/**
 * The scene library in AWS: `-c scenesDir=…` uploads the manifest's panoramas (hash-checked at synth) to a scenes
 * bucket under scenes/, and only the three render tasks may read that prefix and are told where it is. Without the flag
 * nothing is deployed, the render tasks draw their backgrounds and config.json tells the form so. Both synth offline.
 */
import { copyFileSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import { describe, expect, it } from 'vitest';
import { builtApp } from './built-app';
import { SCENES_PREFIX, sceneFilesIn } from '../../infra/cdk/constructs/scene-library';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import { stackLimitProblems, stackSizeOf } from '../../infra/cdk/stack-limits';
import { SCENES } from '../../functions/src/renderer/scenes/scene-manifest';
import { apiStacksOf, mergedTemplate, nagFindings } from './app-templates';

const LIBRARY = '../shared/scenes';
const pascal = (h: string) => h.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
const RENDER_TASKS = ['package-prepare', 'package-render-angle', 'batch-render-photo'];

type Fn = { Properties: { Environment?: { Variables?: Record<string, unknown> } } };
const envOf = (t: Template, handler: string) => {
  const fns = Object.entries(t.findResources('AWS::Lambda::Function') as Record<string, Fn>).filter(([id]) => id.startsWith(`${pascal(handler)}HandlerFn`));
  expect(fns, handler).toHaveLength(1);
  return fns[0]![1].Properties.Environment?.Variables ?? {};
};

describe('the scene library in AWS', () => {
  it('without -c scenesDir: no scenes bucket or upload, no render task told of one, no outdoor styles offered (config.json, the API functions)', () => {
    const { stacks } = builtApp();
    const data = Template.fromStack(stacks.stateful);
    data.resourceCountIs('Custom::CDKBucketDeployment', 0);
    const api = mergedTemplate(apiStacksOf(stacks));
    for (const handler of RENDER_TASKS) expect(envOf(api, handler), handler).not.toHaveProperty('SCENES_BUCKET');
    expect(stacks.web.runtimeConfig.outdoorStyles).toBe(false);
    expect(envOf(api, 'create-car-package').OUTDOOR_STYLES).toBe('off');
    expect(envOf(api, 'create-batch').OUTDOOR_STYLES).toBe('off');
    // The OpenAI renderer makes its own backgrounds: every style is offered there.
    const openai = builtApp({ renderer: 'openai' }).stacks;
    expect(openai.web.runtimeConfig.outdoorStyles).toBeUndefined();
    expect(envOf(mergedTemplate(apiStacksOf(openai)), 'create-car-package').OUTDOOR_STYLES).toBe('on');
  }, 240_000);

  it('with -c scenesDir: the manifest files alone go to scenes/, only the render tasks read that prefix, cdk-nag and the size limits hold', () => {
    const { app, stacks } = builtApp({ scenesDir: LIBRARY });
    const data = Template.fromStack(stacks.stateful);
    const buckets = data.findResources('AWS::S3::Bucket');
    const sceneBucketId = Object.keys(buckets).find((id) => id.startsWith('SceneLibraryBucket'))!;
    expect(sceneBucketId).toBeDefined();
    data.hasResourceProperties('AWS::S3::Bucket', { PublicAccessBlockConfiguration: Match.objectLike({ BlockPublicAcls: true, RestrictPublicBuckets: true }) });
    data.resourceCountIs('Custom::CDKBucketDeployment', 1);
    data.hasResourceProperties('Custom::CDKBucketDeployment', { DestinationBucketName: { Ref: sceneBucketId }, DestinationBucketKeyPrefix: SCENES_PREFIX, Prune: true });

    // The staged asset holds exactly the manifest's panoramas (one per slug), not the folder's other files.
    const asset = stacks.stateful.node.findAll().find((c): c is s3assets.Asset => c instanceof s3assets.Asset && c.node.path.includes('/SceneLibrary/') && !c.node.path.includes('AwsCliLayer'))!;
    const stagedPath = resolve(app.outdir, asset.assetPath);
    const staged = (statSync(stagedPath).isDirectory() ? readdirSync(stagedPath) : Object.keys(unzipSync(readFileSync(stagedPath)))).sort();
    expect(staged).toEqual([...new Set(SCENES.map((s) => `${s.slug}_1k.hdr`))].sort());
    expect(readdirSync(LIBRARY).length).toBeGreaterThan(staged.length);

    // Only the three render tasks are told where the library is and may read it: GetObject on scenes/* alone.
    const api = mergedTemplate(apiStacksOf(stacks));
    for (const handler of RENDER_TASKS) {
      expect(envOf(api, handler)).toMatchObject({ SCENES_BUCKET: expect.anything(), SCENES_PREFIX });
      expect(HANDLER_PERMISSIONS[handler]).toContain('scenes:read');
    }
    const grants: { handler: string; actions: unknown; resource: string }[] = [];
    for (const [id, policy] of Object.entries(api.findResources('AWS::IAM::Policy'))) {
      for (const s of policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[]) {
        const resource = JSON.stringify(s.Resource);
        if (resource.includes('SceneLibraryBucket')) grants.push({ handler: id, actions: s.Action, resource });
      }
    }
    expect(grants.map((g) => g.handler.replace(/HandlerFn.*/, '')).sort()).toEqual(RENDER_TASKS.map(pascal).sort());
    for (const g of grants) {
      expect(g.actions).toBe('s3:GetObject');
      expect(g.resource).toContain(`/${SCENES_PREFIX}*`);
    }
    for (const [id, fn] of Object.entries(api.findResources('AWS::Lambda::Function') as Record<string, Fn>)) {
      if (!RENDER_TASKS.some((h) => id.startsWith(`${pascal(h)}HandlerFn`))) expect(fn.Properties.Environment?.Variables ?? {}, id).not.toHaveProperty('SCENES_BUCKET');
    }
    expect(stacks.web.runtimeConfig.outdoorStyles).toBeUndefined();
    expect(envOf(api, 'create-car-package').OUTDOOR_STYLES).toBe('on');

    for (const stack of Object.values(stacks)) {
      expect(nagFindings(stack), stack.stackName).toEqual([]);
    }
    const assembly = app.synth();
    expect(stackLimitProblems(assembly.stacks.map((s) => stackSizeOf(s.stackName, s.template)))).toEqual([]);
  }, 240_000);

  it('refuses a folder that lacks a manifest file or holds an altered one, naming each', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenes-'));
    const [first, second] = [...new Set(SCENES.map((s) => `${s.slug}_1k.hdr`))];
    copyFileSync(join(LIBRARY, first!), join(dir, first!));
    writeFileSync(join(dir, second!), 'not a panorama');
    expect(() => sceneFilesIn(dir)).toThrow(`${second} does not match the manifest's sha256`);
    expect(() => sceneFilesIn(dir)).toThrow(/_1k\.hdr is missing/);
    expect(() => builtApp({ scenesDir: dir })).toThrow(`-c scenesDir=${dir}`);
    expect(sceneFilesIn(LIBRARY)).toHaveLength(new Set(SCENES.map((s) => s.slug)).size);
  });
});
