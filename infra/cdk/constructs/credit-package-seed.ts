import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as cr from 'aws-cdk-lib/custom-resources';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { CreditPackageSeed } from '@shared/pricing';
import { keys } from '../../../functions/src/adapters/dynamodb/keys';

/** A flat item in DynamoDB's attribute-value JSON (what the PutItem API call takes). */
function attributeValues(item: Record<string, string | number | boolean>) {
  return Object.fromEntries(
    Object.entries(item).map(([k, v]) => [k, typeof v === 'string' ? { S: v } : typeof v === 'number' ? { N: String(v) } : { BOOL: v }]),
  );
}

/**
 * Seeds the credit packages at deploy time: one PutItem per package, made only if the package is absent
 * (attribute_not_exists), on create and on every update of this resource. A redeploy adds a package new in
 * shared/pricing.ts but never overwrites one a super user changed (price, active, popular) in the admin area.
 */
export class CreditPackageSeeding extends Construct {
  constructor(scope: Construct, id: string, props: { table: dynamodb.ITableV2; packages: readonly CreditPackageSeed[] }) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH });
    for (const p of props.packages) {
      const put: cr.AwsSdkCall = {
        service: 'DynamoDB',
        action: 'putItem',
        parameters: {
          TableName: props.table.tableName,
          Item: attributeValues({ ...keys.creditPackage(p.id), entity: 'credit_package', ...p }),
          ConditionExpression: 'attribute_not_exists(PK)',
        },
        physicalResourceId: cr.PhysicalResourceId.of(`credit-package-${p.id}`),
        // The package is there already (seeded before, maybe changed since): leave it as it is.
        ignoreErrorCodesMatching: 'ConditionalCheckFailedException',
      };
      new cr.AwsCustomResource(this, `Package-${p.id}`, {
        onCreate: put,
        onUpdate: put,
        policy: cr.AwsCustomResourcePolicy.fromStatements([new iam.PolicyStatement({ actions: ['dynamodb:PutItem'], resources: [props.table.tableArn] })]),
        installLatestAwsSdk: false,
        logGroup,
      });
    }
    // The custom resources share one function that CDK provides (a singleton at the stack's root).
    const provider = Stack.of(this).node.tryFindChild(SINGLETON_ID);
    if (provider) {
      NagSuppressions.addResourceSuppressions(
        provider,
        [
          {
            id: 'AwsSolutions-IAM4',
            reason: 'The package seeding function (CDK AwsCustomResource) uses AWSLambdaBasicExecutionRole: writing its own logs only; its DynamoDB right is PutItem on this table.',
            appliesTo: ['Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole'],
          },
        ],
        true,
      );
    }
  }
}

/** The construct id CDK gives the AwsCustomResource singleton function. */
const SINGLETON_ID = 'AWS679f53fac002430cb0da5b7982bd2287';
