import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { INTERNAL_ERROR_FIELD, INTERNAL_ERROR_VALUE } from '../../../functions/src/renderer/failure-kinds';

export const INTERNAL_ERROR_METRIC = { namespace: 'StudioLot', metricName: 'InternalRenderErrors' } as const;

/**
 * Errors of ours in the render and batch workflows: the tasks that record a failure log it once with
 * `errorKind: "internal"` (functions/src/renderer/render-failure.ts). A metric filter on each of their log groups
 * counts those entries, and one alarm goes off on the first.
 */
export class InternalErrorAlarm extends Construct {
  readonly metric: cloudwatch.Metric;
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: { functions: lambda.Function[] }) {
    super(scope, id);
    props.functions.forEach((fn, i) => {
      new logs.MetricFilter(this, `Filter${i}`, {
        logGroup: fn.logGroup,
        filterPattern: logs.FilterPattern.stringValue(`$.${INTERNAL_ERROR_FIELD}`, '=', INTERNAL_ERROR_VALUE),
        metricNamespace: INTERNAL_ERROR_METRIC.namespace,
        metricName: INTERNAL_ERROR_METRIC.metricName,
        metricValue: '1',
        defaultValue: 0,
      });
    });
    this.metric = new cloudwatch.Metric({ ...INTERNAL_ERROR_METRIC, statistic: 'Sum', period: Duration.minutes(5) });
    this.alarm = this.metric.createAlarm(this, 'Alarm', {
      alarmDescription: 'A car package angle or batch photo failed because of an error of ours (a bug or a misconfiguration), not the photo or a busy image service. The task logs carry the package, angle and stack (errorKind = internal).',
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }
}
