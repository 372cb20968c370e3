import { Activity } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCarPackageActivity } from '../api/car-packages';

/** User Activity: car packages created today (since local midnight), in the last 7 days and in total. */
export function UserActivityCard() {
  const activity = useCarPackageActivity();
  const counts = activity.data
    ? ([
        ['Today', activity.data.today],
        ['Last 7 Days', activity.data.last_7_days],
        ['Total', activity.data.total],
      ] as const)
    : null;
  return (
    <Card aria-labelledby="user-activity-title">
      <CardHeader className="pb-3">
        <CardTitle id="user-activity-title" className="flex items-center gap-2">
          <Activity className="size-5 text-brand-700" aria-hidden="true" />
          User Activity
        </CardTitle>
      </CardHeader>
      <CardContent>
        {counts ? (
          <dl className="grid grid-cols-3 gap-2 text-center" data-testid="user-activity">
            {counts.map(([label, value]) => (
              <div key={label} className="flex flex-col-reverse rounded-lg bg-slate-50 p-3">
                <dt className="text-xs font-medium text-slate-600">{label}</dt>
                <dd className="text-2xl font-bold text-slate-900" data-testid={`activity-${label.toLowerCase().replace(/ /g, '-')}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        ) : activity.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load your activity
          </p>
        ) : (
          <Spinner label="Loading your activity" />
        )}
        <p className="mt-2 text-xs text-slate-600">Car packages created</p>
      </CardContent>
    </Card>
  );
}
