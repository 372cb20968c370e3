import { describe, expect, it } from 'vitest';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { builtApp } from './built-app';
import { HandlerFunction } from '../../infra/cdk/constructs/handler-function';
import { HANDLER_PERMISSIONS } from '../../infra/cdk/handler-permissions';
import { handlerFunctionName, workflowName } from '../../infra/cdk/names';
import { HANDLER_LOG_METRICS, OPS_EVENT_METRICS, OPS_NAMESPACE, opsEventsOf } from '../../infra/cdk/ops-metrics';
import { OPS_THRESHOLDS } from '../../infra/cdk/ops-thresholds';
import { OPS_EVENTS } from '../../functions/src/lib/ops-events';
import { apiStacksOf, mergedTemplate } from './app-templates';

/** The Ops stack: an SNS topic mailed to -c opsEmail, every alarm wired to it, and one dashboard; the log metrics it reads. */
const { app, stacks } = builtApp({ opsEmail: 'ops@example.com' });
const ops = Template.fromStack(stacks.ops);
const alarms = ops.findResources('AWS::CloudWatch::Alarm');
const topicId = Object.keys(ops.findResources('AWS::SNS::Topic'))[0]!;
type Alarm = { Properties: { AlarmName: string; AlarmActions: unknown[]; Threshold: number; ComparisonOperator: string; Metrics?: { Id: string; Expression?: string; MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: { Name: string; Value: unknown }[] }; Period: number; Stat: string } }[]; Namespace?: string; MetricName?: string; Period?: number; Statistic?: string; Dimensions?: { Name: string; Value: unknown }[] } };
const alarmNamed = (suffix: string) => Object.values(alarms).find((a) => (a as Alarm).Properties.AlarmName === `studio-lot-dev-${suffix}`) as Alarm | undefined;
const metricsOf = (a: Alarm) => (a.Properties.Metrics ?? []).filter((m) => m.MetricStat).map((m) => m.MetricStat!);

describe('ops stack', () => {
  it('an SNS topic, encrypted with a key CloudWatch may use, TLS only, mailed to the address given at deploy', () => {
    ops.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    ops.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.com', TopicArn: { Ref: topicId } });
    ops.hasResourceProperties('AWS::SNS::TopicPolicy', { PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) } });
    ops.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: { Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] })]) },
    });
    const withoutEmail = Template.fromStack(builtApp().stacks.ops);
    withoutEmail.resourceCountIs('AWS::SNS::Subscription', 0);
  });

  it('every alarm notifies the topic', () => {
    expect(Object.keys(alarms).length).toBeGreaterThanOrEqual(10);
    for (const a of Object.values(alarms) as Alarm[]) expect(a.Properties.AlarmActions, a.Properties.AlarmName).toEqual([{ Ref: topicId }]);
  });

  it('failed, timed-out or aborted executions of each workflow', () => {
    for (const kind of ['render', 'batch'] as const) {
      const a = alarmNamed(`${kind}-workflow-failures`)!;
      expect(a.Properties.Threshold).toBe(OPS_THRESHOLDS.workflowFailures);
      const metrics = metricsOf(a);
      expect(metrics.map((m) => m.Metric.MetricName).sort()).toEqual(['ExecutionsAborted', 'ExecutionsFailed', 'ExecutionsTimedOut']);
      for (const m of metrics) {
        expect(m.Metric.Namespace).toBe('AWS/States');
        expect(JSON.stringify(m.Metric.Dimensions)).toContain(`:stateMachine:${workflowName('dev', kind)}`);
      }
    }
    // The names the alarms use are the state machines' own.
    const machines = Template.fromStack(stacks.workflows).findResources('AWS::StepFunctions::StateMachine');
    expect(Object.values(machines).map((m) => m.Properties.StateMachineName).sort()).toEqual([workflowName('dev', 'batch'), workflowName('dev', 'render')]);
  });

  it('the share of packages refunded over an hour', () => {
    const a = alarmNamed('refund-share')!;
    expect(a.Properties.Threshold).toBe(OPS_THRESHOLDS.refundShare);
    expect(a.Properties.Metrics!.find((m) => m.Expression)!.Expression).toContain('FILL(refunded, 0) / finished');
    expect(metricsOf(a).map((m) => [m.Metric.Namespace, m.Metric.MetricName, m.Period, m.Stat]).sort()).toEqual([
      [OPS_NAMESPACE, 'PackagesFinished', 3600, 'Sum'],
      [OPS_NAMESPACE, 'PackagesRefunded', 3600, 'Sum'],
    ]);
  });

  it('API 5xx on the HTTP API, the webhook deliveries refused, the internal-error log metric and the new vision looks', () => {
    const api5xx = alarmNamed('api5xx')!;
    expect([api5xx.Properties.Namespace, api5xx.Properties.MetricName, api5xx.Properties.Statistic]).toEqual(['AWS/ApiGateway', '5xx', 'Sum']);
    expect(JSON.stringify(api5xx.Properties.Dimensions)).toMatch(/ApiId.*Fn::ImportValue.*Http/);
    const webhook = alarmNamed('webhook-deliveries-refused')!;
    expect([webhook.Properties.Namespace, webhook.Properties.MetricName]).toEqual([OPS_NAMESPACE, 'WebhookDeliveriesRefused']);
    const internal = alarmNamed('internal-render-errors')!;
    expect(internal.Properties).toMatchObject({ Namespace: 'StudioLot', MetricName: 'InternalRenderErrors', Statistic: 'Sum', Period: 300, Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    // Paid checks: new vision looks of all dealers in an hour.
    expect(alarmNamed('vision-looks')!.Properties).toMatchObject({ Namespace: 'StudioLot', MetricName: 'VisionLooks', Statistic: 'Sum', Period: 3600, Threshold: 3000, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
  });

  it('Lambda errors and throttles of every function the app deploys, each function in exactly one alarm of each', () => {
    const deployed = app.node.findAll().filter((c): c is HandlerFunction => c instanceof HandlerFunction).map((f) => f.functionName).sort();
    expect(deployed).toEqual(Object.keys(HANDLER_PERMISSIONS).map((h) => handlerFunctionName('dev', h)).sort());
    for (const metricName of ['Errors', 'Throttles']) {
      const watched = (Object.values(alarms) as Alarm[])
        .flatMap((a) => metricsOf(a))
        .filter((m) => m.Metric.Namespace === 'AWS/Lambda' && m.Metric.MetricName === metricName)
        .map((m) => m.Metric.Dimensions!.find((d) => d.Name === 'FunctionName')!.Value as string)
        .sort();
      expect(watched, metricName).toEqual(deployed);
    }
    // The functions carry those names.
    const names = Object.values(mergedTemplate([...apiStacksOf(stacks), stacks.auth]).findResources('AWS::Lambda::Function'))
      .map((f) => f.Properties.FunctionName)
      .filter(Boolean)
      .sort();
    expect(names).toEqual(deployed);
  });

  it('one dashboard with packages started and finished, wall time p50/p95, refunds, credits sold and errors', () => {
    const [dashboard] = Object.values(ops.findResources('AWS::CloudWatch::Dashboard'));
    const body = JSON.stringify(dashboard!.Properties.DashboardBody);
    for (const metric of ['PackagesStarted', 'PackagesFinished', 'PackagesRefunded', 'CreditsSold', 'InternalRenderErrors', '5xx', 'ExecutionsFailed']) expect(body).toContain(metric);
    expect(body).toMatch(/PackageWallTime.*p50/);
    expect(body).toMatch(/PackageWallTime.*p95/);
    expect(body).toContain('MetricName=\\\\\\"Errors\\\\\\"');
  });
});

describe('log metrics', () => {
  it('the functions whose code emits an ops event carry a metric filter for each of its metrics; the starts, the finalize and the webhook among them', () => {
    const filters = mergedTemplate(apiStacksOf(stacks)).findResources('AWS::Logs::MetricFilter');
    const byHandler = new Map<string, string[]>();
    for (const [id, f] of Object.entries(filters)) {
      const handler = Object.keys(HANDLER_PERMISSIONS).find((h) => id.startsWith(h.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase()) + 'Handler'))!;
      const transform = f.Properties.MetricTransformations[0];
      expect(transform.MetricNamespace).toBe(OPS_NAMESPACE);
      byHandler.set(handler, [...(byHandler.get(handler) ?? []), transform.MetricName]);
    }
    for (const handler of Object.keys(HANDLER_PERMISSIONS)) {
      const expected = [...opsEventsOf(handler).flatMap((e) => OPS_EVENT_METRICS[e]), ...(HANDLER_LOG_METRICS[handler] ?? [])].map((m) => m.metricName).sort();
      expect((byHandler.get(handler) ?? []).sort(), handler).toEqual(expected);
    }
    expect(opsEventsOf('start-car-package')).toEqual(['packageFinished', 'packageStarted', 'visionLook']);
    // Every function that checks a photo for the dealer counts its new looks (the VisionLooks alarm).
    for (const h of ['check-car-photo', 'check-car-package-photo', 'start-car-package-again', 'v1-start-car-package']) expect(opsEventsOf(h), h).toContain('visionLook');
    expect(opsEventsOf('transfer-trial-photos')).toContain('packageStarted');
    expect(opsEventsOf('package-finalize')).toContain('packageFinished');
    expect(opsEventsOf('package-sweeper')).toContain('packageFinished');
    expect(opsEventsOf('stripe-webhook')).toEqual(['creditsSold']);
    expect(opsEventsOf('list-credit-packages')).toEqual([]);
    expect(byHandler.get('stripe-webhook')).toContain('WebhookDeliveriesRefused');
  });

  it('the filter patterns name the messages the code logs, and take their numbers from its fields', () => {
    expect(OPS_EVENT_METRICS.packageFinished.map((m) => [m.filterPattern, m.metricValue])).toEqual([
      [`{ $.message = "${OPS_EVENTS.packageFinished}" }`, '1'],
      [`{ $.message = "${OPS_EVENTS.packageFinished}" }`, '$.refunded'],
      [`{ $.message = "${OPS_EVENTS.packageFinished}" }`, '$.wallTimeMs'],
    ]);
    expect(OPS_EVENT_METRICS.creditsSold[0]!.metricValue).toBe('$.credits');
    expect(OPS_EVENT_METRICS.visionLook).toEqual([{ metricName: 'VisionLooks', filterPattern: `{ $.message = "${OPS_EVENTS.visionLook}" }`, metricValue: '1', unit: 'Count' }]);
  });
});
