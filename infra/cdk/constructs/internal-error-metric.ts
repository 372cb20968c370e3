import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { OPS_NAMESPACE } from '../ops-metrics';
import { INTERNAL_ERROR_FIELD, INTERNAL_ERROR_VALUE } from '../../../functions/src/renderer/failure-kinds';

export const INTERNAL_ERROR_METRIC = { namespace: OPS_NAMESPACE, metricName: 'InternalRenderErrors' } as const;

/**
 * Errors of ours in the render and batch workflows: the tasks that record a failure log it once with
 * `errorKind: "internal"` (functions/src/renderer/render-failure.ts). A metric filter on each of their log groups
 * counts those entries as StudioLot/InternalRenderErrors; the Ops stack alarms on the first, wired to its topic.
 */
export class InternalErrorMetric extends Construct {
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
  }
}
