import { describe, expect, it } from 'vitest';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { buildApp } from '../../infra/cdk/app-factory';
import { WAF_LIMITS } from '../../infra/cdk/stacks/edge-stack';

/** The API only through CloudFront, and AWS WAF with rate-based rules in front of CloudFront. */
const { stacks } = buildApp({ context: { 'aws:cdk:bundling-stacks': [] } });
const edge = Template.fromStack(stacks.edge);
const web = Template.fromStack(stacks.web);
const api = Template.fromStack(stacks.api);

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

  it('CloudFront sends a generated secret to the API origin, and every API function knows it (the handlers refuse requests without it)', () => {
    api.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const apiOrigin = (distribution!.Properties.DistributionConfig.Origins as { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[]).find((o) => o.CustomOriginConfig)!;
    const header = apiOrigin.OriginCustomHeaders?.find((h) => h.HeaderName === 'x-origin-verify');
    expect(JSON.stringify(header?.HeaderValue)).toContain('resolve:secretsmanager');
    const functions = Object.entries(api.findResources('AWS::Lambda::Function')).filter(([id]) => /Handler(Fn)?[0-9A-F]{8}$/.test(id));
    expect(functions.length).toBeGreaterThan(30);
    for (const [id, fn] of functions) expect(JSON.stringify(fn.Properties.Environment?.Variables?.ORIGIN_VERIFY_SECRET), id).toContain('resolve:secretsmanager');
  });

  it('cdk-nag finds nothing unsuppressed in the edge stack, and no longer needs the WAF suppression on the distribution', () => {
    const problems = [...Annotations.fromStack(stacks.edge).findError('*', Match.stringLikeRegexp('AwsSolutions-.*')), ...Annotations.fromStack(stacks.edge).findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))];
    expect(problems).toEqual([]);
    expect(JSON.stringify(web.toJSON())).not.toContain('AwsSolutions-CFR2');
  });
});
