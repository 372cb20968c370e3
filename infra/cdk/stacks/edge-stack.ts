import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

/** Requests per 5 minutes per client IP that the WAF lets through before it blocks (docs/deploy.md, "Abuse limits"). */
export const WAF_LIMITS = {
  /** Everything on the site and the API. */
  allPer5Minutes: 2000,
  /** Sign-in link requests (the handler also caps per address and per client). */
  signInPer5Minutes: 100,
} as const;

export interface EdgeStackProps extends StackProps {
  config: StageConfig;
}

/**
 * AWS WAF in front of CloudFront. A CLOUDFRONT-scope web ACL must be created in us-east-1, whatever region the
 * stage runs in: this stack is always deployed there and the web stack refers to its ARN (a cross-region
 * reference that CDK carries through SSM when the regions differ).
 */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const visibility = (name: string) => ({ cloudWatchMetricsEnabled: true, metricName: `studio-lot-${props.config.stage}-${name}`, sampledRequestsEnabled: true });
    const managed = (name: string, priority: number): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    });
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web-acl'),
      rules: [
        {
          name: 'RatePerIp',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: WAF_LIMITS.allPer5Minutes, evaluationWindowSec: 300, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('rate-per-ip'),
        },
        {
          name: 'SignInRatePerIp',
          priority: 1,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: WAF_LIMITS.signInPer5Minutes,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/auth/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('sign-in-rate-per-ip'),
        },
        managed('AWSManagedRulesAmazonIpReputationList', 2),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    this.webAclArn = acl.attrArn;
    new CfnOutput(this, 'WebAclArn', { value: acl.attrArn });
  }
}
