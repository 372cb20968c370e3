import type { AdminPaymentsResponse } from '@shared/schemas/admin-finance';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminPayments } from '../api/admin';
import { formatDateTime, formatMoney } from './format';
import { ListState, LoadMore } from './list-states';
import { PaymentStatusBadge } from './status-badges';

type Total = AdminPaymentsResponse['totals']['by_day'][number];

function TotalsTable({ label, period, totals }: { label: string; period: string; totals: Total[] }) {
  return (
    <div className="min-w-0">
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{label}</h3>
      {totals.length === 0 ? (
        <p className="text-sm text-slate-700">No payments yet.</p>
      ) : (
        <Table label={label}>
          <TableHead>
            <TableRow>
              <TableHeader>{period}</TableHeader>
              <TableHeader className="text-right">Payments</TableHeader>
              <TableHeader className="text-right">Amount</TableHeader>
              <TableHeader className="text-right">Refunded</TableHeader>
              <TableHeader className="text-right">Credits</TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {totals.map((t) => (
              <TableRow key={t.period}>
                <TableCell className="whitespace-nowrap font-medium">{t.period}</TableCell>
                <TableCell className="text-right">{t.count}</TableCell>
                <TableCell className="text-right">{formatMoney(t.amount_cents)}</TableCell>
                <TableCell className="text-right">{t.refunded_cents ? formatMoney(t.refunded_cents) : '–'}</TableCell>
                <TableCell className="text-right">{t.credits}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

/** Purchases newest first, and the money taken per day (last 31 days) and per month (last 12 months, UTC). */
export function PaymentsTab() {
  const payments = useAdminPayments();
  const pages = payments.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.payments);
  const totals = pages[0]?.totals;
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Totals</CardTitle>
          <CardDescription>Succeeded payments by the UTC day and month they succeeded in; refunds shown beside them.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6 2xl:grid-cols-2">
          <ListState query={payments} empty="No payments yet." isEmpty={false}>
            <TotalsTable label="Per day" period="Day" totals={totals?.by_day ?? []} />
            <TotalsTable label="Per month" period="Month" totals={totals?.by_month ?? []} />
          </ListState>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Purchases</CardTitle>
          <CardDescription>Every purchase started in the Purchase Credits dialog, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          <ListState query={payments} empty="No purchases yet." isEmpty={rows.length === 0}>
            <Table label="Purchases" data-testid="payments-table">
              <TableHead>
                <TableRow>
                  <TableHeader>Date</TableHeader>
                  <TableHeader>Dealer</TableHeader>
                  <TableHeader>Package</TableHeader>
                  <TableHeader>Coupon</TableHeader>
                  <TableHeader className="text-right">Amount</TableHeader>
                  <TableHeader>Status</TableHeader>
                  <TableHeader>Payment</TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((p) => (
                  <TableRow key={p.payment_intent_id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(p.created_at)}</TableCell>
                    <TableCell>
                      <span className="block font-medium text-slate-900">{p.dealer_name ?? '–'}</span>
                      <span className="block text-xs [overflow-wrap:anywhere] text-slate-600">{p.email}</span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {p.package_name}
                      <span className="block text-xs text-slate-600">{p.credits} credits</span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {p.coupon_code ?? '–'}
                      {p.coupon_code && <span className="block text-xs text-slate-600">−{formatMoney(p.discount_cents, p.currency)}</span>}
                    </TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <span className="font-semibold text-slate-900">{formatMoney(p.amount_cents, p.currency)}</span>
                      {p.refunded_cents > 0 && <span className="block text-xs text-amber-800">{formatMoney(p.refunded_cents, p.currency)} refunded</span>}
                    </TableCell>
                    <TableCell>
                      <PaymentStatusBadge status={p.status} />
                      {p.status_detail && <span className="mt-1 block max-w-56 text-xs text-slate-600">{p.status_detail}</span>}
                    </TableCell>
                    <TableCell className="font-mono text-xs [overflow-wrap:anywhere]">{p.payment_intent_id}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <LoadMore {...payments} />
          </ListState>
        </CardContent>
      </Card>
    </div>
  );
}
