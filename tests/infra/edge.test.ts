import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { builtApp } from './built-app';
import { WAF_LIMITS } from '../../infra/cdk/stacks/edge-stack';
import { API_ROUTES } from '@shared/api-routes';
import { BATCH_WORKFLOW_TASK_HANDLERS, PACKAGE_SWEEPER_HANDLER, WORKFLOW_TASK_HANDLERS } from '../../infra/workflow-tasks';
import { ORIGIN_VERIFY_HEADER } from '../../functions/src/http/origin-guard';
import { apiStacksOf, mergedTemplate, nagFindings } from './app-templates';

/** The API only through CloudFront, and AWS WAF with rate-based rules in front of CloudFront. */
const { stacks } = builtApp();
const edge = Template.fromStack(stacks.edge);
const web = Template.fromStack(stacks.web);
const api = mergedTemplate(apiStacksOf(stacks));

describe('data retention in the buckets', () => {
  it('support attachments are deleted with their tickets (a lifecycle rule on support/ after INBOX_RETENTION_DAYS)', async () => {
    const { INBOX_RETENTION_DAYS } = await import('@shared/limits');
    const data = Template.fromStack(stacks.stateful);
    const rules = Object.values(data.findResources('AWS::S3::Bucket')).flatMap((b) => b.Properties.LifecycleConfiguration?.Rules ?? []);
    expect(rules).toContainEqual(expect.objectContaining({ Id: 'ForgetSupportAttachments', Prefix: 'support/', ExpirationInDays: INBOX_RETENTION_DAYS, Status: 'Enabled' }));
  });
});

describe('the edge', () => {
  it('a CLOUDFRONT-scope web ACL in us-east-1 with rate-based rules per IP (all requests, and sign-in requests)', () => {
    expect(stacks.edge.region).toBe('us-east-1');
    edge.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'RatePerIp', Action: { Block: {} }, Statement: { RateBasedStatement: Match.objectLike({ Limit: WAF_LIMITS.allPer5Minutes, AggregateKeyType: 'IP' }) } }),
        Match.objectLike({
          Name: 'SignInRatePerIp',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              Limit: WAF_LIMITS.signInPer5Minutes,
              ScopeDownStatement: { ByteMatchStatement: Match.objectLike({ SearchString: '/api/auth/', PositionalConstraint: 'STARTS_WITH' }) },
            }),
          },
        }),
      ]),
    });
  });

  it('the distribution uses that web ACL', () => {
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    expect(distribution!.Properties.DistributionConfig.WebACLId).toBeDefined();
    expect(JSON.stringify(distribution!.Properties.DistributionConfig.WebACLId)).toMatch(/WebAcl|ExportsReader|Fn::GetAtt/);
  });

  it('CloudFront sends a generated secret to the API origin, and only the functions behind the HTTP API know it (they refuse requests without it)', () => {
    api.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const apiOrigin = (distribution!.Properties.DistributionConfig.Origins as { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[]).find((o) => o.CustomOriginConfig)!;
    // The header the handlers check (functions/src/http/origin-guard.ts) is the one CloudFront sends.
    const header = apiOrigin.OriginCustomHeaders?.find((h) => h.HeaderName === ORIGIN_VERIFY_HEADER);
    expect(JSON.stringify(header?.HeaderValue)).toContain('resolve:secretsmanager');
    const pascal = (h: string) => h.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase());
    const functions = Object.entries(api.findResources('AWS::Lambda::Function')).filter(([id]) => /Handler(Fn)?[0-9A-F]{8}$/.test(id));
    const secretOf = (handler: string) => {
      const found = functions.filter(([id]) => id.startsWith(`${pascal(handler)}HandlerFn`));
      expect(found, handler).toHaveLength(1);
      return found[0]![1].Properties.Environment?.Variables?.ORIGIN_VERIFY_SECRET as unknown;
    };
    const routeHandlers = [...new Set(API_ROUTES.map((r) => r.handler))];
    expect(routeHandlers.length).toBeGreaterThan(30);
    for (const handler of routeHandlers) expect(JSON.stringify(secretOf(handler)), handler).toContain('resolve:secretsmanager');
    // Workflow tasks, the sweeper, the WebSocket handlers, the API key authorizer and the webhook queue's consumer are not
    // behind CloudFront: they do not get the secret.
    const others = [
      ...Object.values(WORKFLOW_TASK_HANDLERS),
      ...Object.values(BATCH_WORKFLOW_TASK_HANDLERS),
      PACKAGE_SWEEPER_HANDLER,
      'ws-connect',
      'ws-disconnect',
      'ws-default',
      'api-key-authorizer',
      'deliver-webhook',
    ];
    for (const handler of others) expect(secretOf(handler), handler).toBeUndefined();
    expect(functions).toHaveLength(routeHandlers.length + others.length);
  });

  it('cdk-nag finds nothing unsuppressed in the edge stack, and no longer needs the WAF suppression on the distribution', () => {
    expect(nagFindings(stacks.edge, /AwsSolutions-/, ['error', 'warning'])).toEqual([]);
    expect(JSON.stringify(web.toJSON())).not.toContain('AwsSolutions-CFR2');
  });
});
