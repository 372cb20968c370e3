import { SESSION_STATUSES } from '@shared/statuses';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminOperations } from '../api/operations';
import { formatDateTime } from './format';
import { ListState } from './list-states';

const STATUS_LABELS = { pending: 'Pending', processing: 'Processing', completed: 'Completed', partial_complete: 'Partly complete', error: 'Failed (refunded)' } as const;

/** Seconds (or minutes past 2 minutes) for a wall time in ms. */
function duration(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 120_000 ? `${(ms / 1000).toFixed(1)} s` : `${(ms / 60_000).toFixed(1)} min`;
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}

/** What happened to car packages in the last 24 hours: the figures the Ops dashboard shows in AWS, read from the table. */
export function OperationsTab() {
  const ops = useAdminOperations();
  const data = ops.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Car packages, last 24 hours</CardTitle>
        <CardDescription>{data ? `Started from ${formatDateTime(data.since)} to ${formatDateTime(data.until)}.` : 'Packages started in the last 24 hours.'}</CardDescription>
      </CardHeader>
      <CardContent>
        <ListState query={ops} empty="" isEmpty={false}>
          {data ? (
            <div className="grid grid-cols-1 gap-6">
              <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
                <Figure label="Packages started" value={String(data.packages.started)} />
                <Figure label="Wall time p50" value={duration(data.wall_time_ms.p50)} hint={`${data.wall_time_ms.finished} finished, start to final status`} />
                <Figure label="Wall time p95" value={duration(data.wall_time_ms.p95)} />
                <Figure
                  label="Refunded"
                  value={String(data.refunds.count)}
                  hint={data.refunds.share_of_finished === null ? 'none finished' : `${Math.round(data.refunds.share_of_finished * 100)}% of the finished`}
                />
              </dl>
              <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
                <Figure label="New photos checked" value={String(data.car_checks.looks)} hint="a vision call each; repeats are free" />
                <Figure label="Most in an hour" value={String(data.car_checks.peak_per_hour)} />
              </dl>
              <Table label="Packages by status">
                <TableHead>
                  <TableRow>
                    <TableHeader>Status</TableHeader>
                    <TableHeader>Packages</TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {SESSION_STATUSES.map((s) => (
                    <TableRow key={s}>
                      <TableCell>{STATUS_LABELS[s]}</TableCell>
                      <TableCell>{data.packages.by_status[s]}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <Table label="New car checks per hour">
                <TableHead>
                  <TableRow>
                    <TableHeader>Hour</TableHeader>
                    <TableHeader>Checks</TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.car_checks.per_hour.length === 0 ? (
                    <TableRow>
                      <TableCell>No photo checked.</TableCell>
                      <TableCell>0</TableCell>
                    </TableRow>
                  ) : (
                    data.car_checks.per_hour.map((h) => (
                      <TableRow key={h.hour}>
                        <TableCell>{formatDateTime(h.hour)}</TableCell>
                        <TableCell>{h.looks}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
              <Table label="Failed angles by reason">
                <TableHead>
                  <TableRow>
                    <TableHeader>Failed angles: reason</TableHeader>
                    <TableHeader>Angles</TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.failed_angles.length === 0 ? (
                    <TableRow>
                      <TableCell>No angle failed.</TableCell>
                      <TableCell>0</TableCell>
                    </TableRow>
                  ) : (
                    data.failed_angles.map((f) => (
                      <TableRow key={f.reason}>
                        <TableCell className="max-w-xl">{f.reason}</TableCell>
                        <TableCell>{f.count}</TableCell>
                      </TableRow>
                    ))
                  )}
                </TableBody>
              </Table>
            </div>
          ) : null}
        </ListState>
      </CardContent>
    </Card>
  );
}
