import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { actingMemberLabel } from '@shared/team';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { useCreditTransactions } from '../api/credits';
import { formatDateTime } from './format';

/** The 10 latest credit movements (grants, purchases, uses, refunds). */
export function RecentTransactions() {
  const transactions = useCreditTransactions();
  return (
    <Card aria-labelledby="recent-transactions-title">
      <CardHeader>
        <CardTitle id="recent-transactions-title">Recent Credit Activity</CardTitle>
        <CardDescription>Your latest credit grants, uses and refunds.</CardDescription>
      </CardHeader>
      <CardContent>
        {transactions.isPending ? (
          <Spinner label="Loading credit activity" />
        ) : transactions.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Failed to load credit activity
          </p>
        ) : transactions.data.transactions.length === 0 ? (
          <p className="text-sm text-slate-700">No credit activity yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200" data-testid="credit-transactions">
            {transactions.data.transactions.map((t) => (
              <li key={t.id} className="flex items-center justify-between gap-4 py-2.5">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">{t.description}</p>
                  <p className="text-xs text-slate-600">
                    {formatDateTime(t.created_at)}
                    {actingMemberLabel(t.member) && <span data-testid="transaction-member"> · by {actingMemberLabel(t.member)}</span>}
                  </p>
                </div>
                <span className={cn('shrink-0 text-sm font-semibold', t.credits >= 0 ? 'text-green-700' : 'text-slate-900')}>
                  {t.credits > 0 ? `+${t.credits}` : t.credits}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
