import { describe, expect, it } from 'vitest';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { builtApp, freshApp } from './built-app';
import { HandlerFunction } from '../../infra/cdk/constructs/handler-function';
import { HANDLER_OBJECT_PREFIXES, HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import { dynamoActionsOf, grantedTableActions } from '../../infra/cdk/handler-sources';
import { API_ROUTES } from '../../shared/api-routes';
import { apiStacksOf, mergedTemplate, nagFindings } from './app-templates';

/**
 * Least privilege, read from the synthesized templates: each handler's DynamoDB actions are the ones its code
 * constructs (its sources scanned for Command classes), its S3 grants single actions under its prefixes, and a
 * wildcard nobody named fails cdk-nag.
 */
// With cdk.json's context, as `npx cdk synth` runs it (partition literals change how ARNs read to cdk-nag).
const { stacks } = builtApp();
const templates = [mergedTemplate(apiStacksOf(stacks)), Template.fromStack(stacks.auth)];
const pascal = (h: string) => h.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
/** The statements of a handler's role policy (its function is <Pascal>Handler in the API's stacks, <Pascal>Trigger in auth). */
function statementsOf(handler: string): Statement[] {
  const statements: Statement[] = [];
  for (const t of templates) {
    for (const [id, policy] of Object.entries(t.findResources('AWS::IAM::Policy'))) {
      if (!id.startsWith(`${pascal(handler)}HandlerFn`) && !id.startsWith(`${pascal(handler)}TriggerFn`)) continue;
      statements.push(...(policy.Properties.PolicyDocument.Statement as Statement[]));
    }
  }
  return statements;
}
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const allActions = (handler: string, service: string) => statementsOf(handler).flatMap(actionsOf).filter((a) => a.startsWith(`${service}:`)).sort();

describe('least privilege', () => {
  it('every handler gets exactly the DynamoDB actions its code constructs, within what its permission names allow', () => {
    for (const [handler, permissions] of Object.entries(HANDLER_PERMISSIONS)) {
      const granted = allActions(handler, 'dynamodb').filter((a) => a !== 'dynamodb:DescribeTable');
      expect(granted, handler).toEqual(grantedTableActions(handler, permissions).map((a) => `dynamodb:${a}`).sort());
      // Nothing the code cannot call: no Scan, batch or stream actions unless a source constructs them.
      for (const action of granted) expect(dynamoActionsOf(handler), `${handler} is granted ${action}`).toContain(action.slice('dynamodb:'.length));
    }
  });

  it("every signed-in write route's handler may read the erasure record (an erased account's token writes nothing)", () => {
    const writes = API_ROUTES.filter((r) => r.access !== 'public' && r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(20);
    for (const route of writes) expect(grantedTableActions(route.handler, HANDLER_PERMISSIONS[route.handler] ?? []), route.handler).toContain('GetItem');
  });

  it('a reader never writes, and narrow handlers get single actions (e.g. UpdateItem only, not Put or Delete)', () => {
    expect(allActions('verify-content-credentials', 'dynamodb')).toEqual(['dynamodb:UpdateItem']);
    for (const reader of ['list-admin-payments', 'get-car-package', 'list-car-packages', 'get-logo']) {
      expect(allActions(reader, 'dynamodb').filter((a) => /Put|Update|Delete|BatchWrite/.test(a)), reader).toEqual([]);
    }
    const everywhere = Object.keys(HANDLER_PERMISSIONS).flatMap((h) => allActions(h, 'dynamodb'));
    expect(everywhere.filter((a) => /Scan|GetRecords|GetShardIterator|DescribeStream|ListStreams/.test(a))).toEqual([]);
  });

  it('S3 grants are single actions (no s3:GetObject*, s3:List*) on the prefixes each handler touches', () => {
    for (const handler of Object.keys(HANDLER_PERMISSIONS)) {
      expect(allActions(handler, 's3').filter((a) => a.includes('*')), handler).toEqual([]);
    }
    const objectResources = (handler: string) =>
      JSON.stringify(statementsOf(handler).filter((s) => actionsOf(s).some((a) => a.startsWith('s3:') && a !== 's3:ListBucket')).map((s) => s.Resource));
    for (const [handler, prefixes] of Object.entries(HANDLER_OBJECT_PREFIXES)) {
      const text = objectResources(handler);
      const uses = (bucket: string) => HANDLER_PERMISSIONS[handler]!.some((p) => p.startsWith(`${bucket}:`) && p !== `${bucket}:list`);
      for (const prefix of [...(uses('uploads') ? (prefixes.uploads ?? []) : []), ...(uses('renders') ? (prefixes.renders ?? []) : [])]) expect(text, handler).toContain(`/${prefix}*`);
      // No grant on a bucket's every object.
      expect(text, handler).not.toMatch(/"\/\*"/);
    }
    expect(allActions('create-logo-upload', 's3')).toEqual(['s3:PutObject']);
    expect(objectResources('create-logo-upload')).toContain('/logos/*');
    // A listing is limited to the handler's prefixes.
    const list = statementsOf('delete-car-package').find((s) => actionsOf(s).includes('s3:ListBucket'))!;
    expect(list.Condition).toEqual({ StringLike: { 's3:prefix': ['drafts/car-packages/*', 'car-packages/*'] } });
    // The erasure lists and deletes only where a dealer's files are (and trial/ uploads), in each bucket.
    const erasureLists = statementsOf('erase-account').filter((s) => actionsOf(s).includes('s3:ListBucket'));
    expect(erasureLists.map((s) => s.Condition)).toEqual([
      { StringLike: { 's3:prefix': ['drafts/car-packages/*', 'car-packages/*', 'support/*', 'logos/*', 'drafts/batches/*', 'batches/*', 'trial/*'] } },
      { StringLike: { 's3:prefix': ['car-packages/*', 'batches/*'] } },
    ]);
    const erasureDeletes = statementsOf('erase-account').filter((s) => actionsOf(s).includes('s3:DeleteObject'));
    const deleted = JSON.stringify(erasureDeletes.map((s) => s.Resource));
    for (const prefix of ['drafts/car-packages', 'car-packages', 'support', 'logos', 'drafts/batches', 'batches', 'trial']) expect(deleted).toContain(`/${prefix}/*`);
    expect(deleted).not.toMatch(/"\/\*"/);
  });

  it('the erasure may only stop executions of the render and batch workflows (to stop a dealer\'s running packages and batches)', () => {
    const workflow = statementsOf('erase-account').filter((s) => actionsOf(s).some((a) => a.startsWith('states:')));
    expect([...new Set(workflow.flatMap(actionsOf))]).toEqual(['states:StopExecution']);
    const resources = JSON.stringify(workflow.map((s) => s.Resource));
    expect(resources).toMatch(/:execution:.*RenderWorkflow.*:\*/);
    expect(resources).toMatch(/:execution:.*BatchWorkflow.*:\*/);
    // The render tasks may delete only what a package or batch erased while they rendered wrote: renders under their prefix.
    expect(allActions('package-render-angle', 's3')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
    expect(allActions('batch-render-photo', 's3')).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:PutObject']);
  });

  it('DynamoDB LeadingKeys cannot name the caller: one role serves every dealer, so the handler code scopes keys to the caller', () => {
    // Stated so a reader of the policies is not surprised: no statement claims a per-user condition it cannot keep.
    const all = JSON.stringify(templates.map((t) => t.findResources('AWS::IAM::Policy')));
    expect(all).not.toContain('dynamodb:LeadingKeys');
  });

  it('the handlers that mail the dealer may send mail (issue 41: the ready mail from the tasks that end a package, the receipt from the Stripe webhook)', () => {
    for (const handler of ['package-finalize', 'package-sweeper', 'stripe-webhook']) expect(allActions(handler, 'ses'), handler).toEqual(['ses:SendEmail']);
    // The other workflow tasks send nothing.
    for (const handler of ['package-prepare', 'package-render-angle', 'package-angle-failed']) expect(allActions(handler, 'ses'), handler).toEqual([]);
  });

  it('the WebSocket stage is throttled (50 messages/s, burst 100)', () => {
    const api = templates[0]!;
    api.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: Match.objectLike({ Ref: Match.stringLikeRegexp('LiveStatus') }),
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 }),
    });
  });

  it('cdk-nag finds no unsuppressed wildcard in any stack with the CLI context', () => {
    for (const stack of Object.values(stacks)) {
      expect(nagFindings(stack), stack.stackName).toEqual([]);
    }
  }, 120_000);

  it('a wildcard that no suppression names fails cdk-nag (IAM5)', () => {
    // An app of its own: this test changes it.
    const { stacks: fresh } = freshApp();
    const fn = fresh.api.node.findAll().find((c): c is HandlerFunction => c instanceof HandlerFunction)!;
    fn.fn.addToRolePolicy(new iam.PolicyStatement({ actions: ['dynamodb:GetItem'], resources: ['arn:aws:dynamodb:us-east-1:123456789012:table/*'] }));
    Template.fromStack(fresh.api);
    expect(nagFindings(fresh.api, /AwsSolutions-IAM5/)).toEqual([expect.stringContaining('table/*')]);
  });
});
