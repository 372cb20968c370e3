import { Annotations, ArnFormat, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { workflowName, type WorkflowKind } from '../names';
import { OPS_NAMESPACE } from '../ops-metrics';
import { OPS_THRESHOLDS } from '../ops-thresholds';
import type { StageConfig } from '../stage-config';

export interface OpsStackProps extends StackProps {
  config: StageConfig;
  /** The HTTP API (its 5xx): the stack's one reference to another stack. */
  httpApi: apigw.IHttpApi;
  /** Every function the app deploys, by name (infra/cdk/names.ts): their errors and throttles are watched by name. */
  functionNames: string[];
}

/** The custom metrics of the functions' logs (infra/cdk/ops-metrics.ts). */
const custom = (metricName: string, statistic: string, period: Duration) => new cloudwatch.Metric({ namespace: OPS_NAMESPACE, metricName, statistic, period });

/**
 * What an operator watches: an SNS topic mailed to `-c opsEmail=…`, the alarms on it, and one dashboard. It reads the
 * other stacks' metrics by the names the app gives their functions and state machines, so its only cross-stack
 * reference is the HTTP API's id; it is deployed after the others and nothing depends on it.
 */
export class OpsStack extends Stack {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];

  constructor(scope: Construct, id: string, props: OpsStackProps) {
    super(scope, id, props);
    const { config } = props;

    // CloudWatch publishes alarms to an encrypted topic only with a customer managed key that lets it.
    const key = new kms.Key(this, 'AlarmTopicKey', { description: 'Encrypts the ops alarm topic', enableKeyRotation: true });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', { displayName: `Studio Lot ${config.stage} alarms`, masterKey: key, enforceSSL: true });
    if (config.opsEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(config.opsEmail));
    else Annotations.of(this).addWarningV2('studio-lot:no-ops-email', 'No -c opsEmail=…: the alarm topic has no subscriber, nobody is told when an alarm goes off.');

    const alarm = (id: string, description: string, metric: cloudwatch.IMetric, threshold: number) => {
      const a = new cloudwatch.Alarm(this, id, {
        alarmName: `studio-lot-${config.stage}-${id.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}`,
        alarmDescription: description,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      a.addAlarmAction(new actions.SnsAction(this.topic));
      this.alarms.push(a);
      return a;
    };
    const five = Duration.minutes(5);
    const hour = Duration.hours(1);
    const t = OPS_THRESHOLDS;

    // Workflows: executions that failed, timed out or were aborted (the sweeper then refunds what they left).
    const stateMachineArn = (kind: WorkflowKind) => this.formatArn({ service: 'states', resource: 'stateMachine', resourceName: workflowName(config.stage, kind), arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    const workflowFailures = (kind: WorkflowKind) =>
      new cloudwatch.MathExpression({
        label: `${kind} workflow executions failed, timed out or aborted`,
        expression: `FILL(${kind}Failed, 0) + FILL(${kind}TimedOut, 0) + FILL(${kind}Aborted, 0)`,
        period: five,
        usingMetrics: Object.fromEntries(
          (
            [
              [`${kind}Failed`, 'ExecutionsFailed'],
              [`${kind}TimedOut`, 'ExecutionsTimedOut'],
              [`${kind}Aborted`, 'ExecutionsAborted'],
            ] as const
          ).map(([k, metricName]) => [k, new cloudwatch.Metric({ namespace: 'AWS/States', metricName, dimensionsMap: { StateMachineArn: stateMachineArn(kind) }, statistic: 'Sum', period: five })]),
        ),
      });
    alarm('RenderWorkflowFailures', 'Car package executions failed, timed out or were aborted (their packages are closed and refunded by the sweeper).', workflowFailures('render'), t.workflowFailures);
    alarm('BatchWorkflowFailures', 'Batch executions failed, timed out or were aborted (their photos are refunded by the sweeper).', workflowFailures('batch'), t.workflowFailures);

    // The share of packages refunded (nothing rendered) among those finished in the hour, once enough finished.
    const refundShare = new cloudwatch.MathExpression({
      label: 'Share of finished packages refunded',
      expression: `IF(FILL(finished, 0) >= ${t.refundShareMinFinished}, FILL(refunded, 0) / finished, 0)`,
      period: hour,
      usingMetrics: { finished: custom('PackagesFinished', 'Sum', hour), refunded: custom('PackagesRefunded', 'Sum', hour) },
    });
    alarm('RefundShare', `Over ${t.refundShare * 100}% of the car packages finished in an hour were refunded (nothing rendered).`, refundShare, t.refundShare);

    // The API: 5xx answers of the HTTP API.
    const api5xx = new cloudwatch.Metric({ namespace: 'AWS/ApiGateway', metricName: '5xx', dimensionsMap: { ApiId: props.httpApi.apiId }, statistic: 'Sum', period: five });
    alarm('Api5xx', 'The HTTP API answered 5xx.', api5xx, t.api5xx);

    // Lambda errors and throttles of every function, in groups of 10 (an alarm's expression takes at most 10 metrics).
    const groups: string[][] = [];
    for (let i = 0; i < props.functionNames.length; i += 10) groups.push(props.functionNames.slice(i, i + 10));
    const lambdaSum = (names: string[], metricName: 'Errors' | 'Throttles') =>
      new cloudwatch.MathExpression({
        label: `Lambda ${metricName.toLowerCase()}: ${names.map((n) => n.replace(`studio-lot-${config.stage}-`, '')).join(', ')}`,
        expression: 'SUM(FILL(METRICS(), 0))',
        period: five,
        usingMetrics: Object.fromEntries(
          names.map((functionName, i) => [`f${i}`, new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName, dimensionsMap: { FunctionName: functionName }, statistic: 'Sum', period: five })]),
        ),
      });
    groups.forEach((names, i) => {
      alarm(`LambdaErrors${i + 1}`, `Errors of ${names.join(', ')}.`, lambdaSum(names, 'Errors'), t.lambdaErrors);
      alarm(`LambdaThrottles${i + 1}`, `Throttles of ${names.join(', ')}.`, lambdaSum(names, 'Throttles'), t.lambdaThrottles);
    });

    // Stripe webhook deliveries refused (bad signature, old timestamp, failure): Stripe retries, credits may wait.
    alarm('WebhookDeliveriesRefused', 'The Stripe webhook refused deliveries (4xx/5xx): a wrong signing secret, a forged call, or a failure.', custom('WebhookDeliveriesRefused', 'Sum', Duration.minutes(15)), t.webhookRefused);
    // Internal errors of the render failure tasks: the metric filters of the InternalErrorMetric construct (workflows stack) publish it.
    alarm('InternalRenderErrors', 'Render failure tasks logged internal errors (errorKind "internal").', custom('InternalRenderErrors', 'Sum', five), t.internalErrors);

    // Paid checks: new looks of the vision model an hour, before its quota is used up and every dealer's checks answer 503.
    alarm('VisionLooks', `Over ${t.visionLooksPerHour} new car checks (vision calls) in an hour: someone may be running up the vision bill, or the quota is near.`, custom('VisionLooks', 'Sum', hour), t.visionLooksPerHour);

    // One dashboard: the product's figures per hour, and the errors.
    const lambdaSearch = (metricName: string) =>
      new cloudwatch.MathExpression({
        label: `Lambda ${metricName.toLowerCase()} (all functions)`,
        expression: `SUM(SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" studio-lot-${config.stage}-', 'Sum', 3600))`,
        period: hour,
        usingMetrics: {},
      });
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', { dashboardName: `studio-lot-${config.stage}`, defaultInterval: Duration.days(7) });
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'Car packages started and finished per hour', left: [custom('PackagesStarted', 'Sum', hour), custom('PackagesFinished', 'Sum', hour)], width: 12 }),
      new cloudwatch.GraphWidget({
        title: 'Package wall time (start to final status), p50 and p95',
        left: [custom('PackageWallTime', 'p50', hour).with({ label: 'p50' }), custom('PackageWallTime', 'p95', hour).with({ label: 'p95' })],
        leftYAxis: { label: 'ms', showUnits: false },
        width: 12,
      }),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({ title: 'Refunded packages per hour', left: [custom('PackagesRefunded', 'Sum', hour)], right: [refundShare], width: 12 }),
      new cloudwatch.GraphWidget({ title: 'Credits sold per hour', left: [custom('CreditsSold', 'Sum', hour)], width: 12 }),
    );
    dashboard.addWidgets(new cloudwatch.GraphWidget({ title: 'New car checks (vision calls) per hour', left: [custom('VisionLooks', 'Sum', hour)], width: 12 }));
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Errors per hour',
        left: [api5xx.with({ period: hour, label: 'API 5xx' }), lambdaSearch('Errors'), lambdaSearch('Throttles'), custom('InternalRenderErrors', 'Sum', hour), custom('WebhookDeliveriesRefused', 'Sum', hour)],
        width: 12,
      }),
      new cloudwatch.GraphWidget({ title: 'Workflow executions failed, timed out or aborted', left: [workflowFailures('render').with({ period: hour }), workflowFailures('batch').with({ period: hour })], width: 12 }),
    );
    dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24 }));
  }
}
