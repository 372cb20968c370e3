import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { CreateCouponRequest } from '@shared/schemas/admin-finance';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { fieldClasses, Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useAdminCoupons, useAdminCreditPackages, useCreateCoupon, useDisableCoupon } from '../api/admin';
import { formatDate, formatMoney } from './format';
import { ListState } from './list-states';

interface CouponDraft {
  code: string;
  kind: 'percent' | 'fixed';
  percent: string;
  dollars: string;
  expires: string;
  maxRedemptions: string;
  packageIds: string[];
}
const EMPTY: CouponDraft = { code: '', kind: 'percent', percent: '', dollars: '', expires: '', maxRedemptions: '', packageIds: [] };

/** The form's fields as the API takes them; the server checks them again (and refuses a code that exists). */
function toRequest(d: CouponDraft): CreateCouponRequest {
  return {
    code: d.code.trim().toUpperCase(),
    kind: d.kind,
    ...(d.kind === 'percent' ? { percent_off: Number(d.percent) } : { amount_off_cents: Math.round(Number(d.dollars) * 100) }),
    // The end of the chosen day, in the browser's time zone.
    ...(d.expires ? { expires_at: new Date(`${d.expires}T23:59:59`).toISOString() } : {}),
    ...(d.maxRedemptions ? { max_redemptions: Number(d.maxRedemptions) } : {}),
    ...(d.packageIds.length ? { package_ids: d.packageIds } : {}),
  };
}

function CreateCouponForm() {
  const [draft, setDraft] = useState<CouponDraft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const create = useCreateCoupon();
  const packages = useAdminCreditPackages();
  const set = (changes: Partial<CouponDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    setError(null);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(toRequest(draft), {
      onSuccess: ({ coupon }) => {
        toast.success(`Coupon ${coupon.code} created`);
        setDraft(EMPTY);
      },
      onError: (err) => setError(err instanceof ApiError ? err.message : 'Failed to create the coupon'),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Create coupon" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="coupon-code">Code</Label>
          <Input id="coupon-code" value={draft.code} onChange={(e) => set({ code: e.target.value.toUpperCase() })} placeholder="SPRING20" autoComplete="off" required maxLength={40} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="coupon-kind">Discount type</Label>
          <select id="coupon-kind" value={draft.kind} onChange={(e) => set({ kind: e.target.value as CouponDraft['kind'] })} className={cn(fieldClasses, 'h-10')}>
            <option value="percent">Percent off</option>
            <option value="fixed">Fixed amount off</option>
          </select>
        </div>
        {draft.kind === 'percent' ? (
          <div className="grid gap-1.5">
            <Label htmlFor="coupon-percent">Percent off</Label>
            <Input id="coupon-percent" type="number" inputMode="numeric" min={1} max={100} value={draft.percent} onChange={(e) => set({ percent: e.target.value })} required />
          </div>
        ) : (
          <div className="grid gap-1.5">
            <Label htmlFor="coupon-amount">Amount off (USD)</Label>
            <Input id="coupon-amount" type="number" inputMode="decimal" min={0.01} step={0.01} value={draft.dollars} onChange={(e) => set({ dollars: e.target.value })} required />
          </div>
        )}
        <div className="grid gap-1.5">
          <Label htmlFor="coupon-expires">Expires on (optional)</Label>
          <Input id="coupon-expires" type="date" value={draft.expires} onChange={(e) => set({ expires: e.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="coupon-max">Maximum redemptions (optional)</Label>
          <Input id="coupon-max" type="number" inputMode="numeric" min={1} value={draft.maxRedemptions} onChange={(e) => set({ maxRedemptions: e.target.value })} />
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-900">Only for these packages (optional; none ticked: every package)</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {(packages.data?.packages ?? []).map((p) => (
            <label key={p.id} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={draft.packageIds.includes(p.id)}
                onChange={(e) => set({ packageIds: e.target.checked ? [...draft.packageIds, p.id] : draft.packageIds.filter((id) => id !== p.id) })}
              />
              {p.name}
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending || !draft.code.trim()}>
          {create.isPending ? 'Creating…' : 'Create Coupon'}
        </Button>
      </div>
    </form>
  );
}

/** Create coupons (percent or fixed, optional expiry, maximum redemptions, packages), see their use, disable them. */
export function CouponsTab() {
  const coupons = useAdminCoupons();
  const disable = useDisableCoupon();
  const list = coupons.data?.coupons ?? [];
  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader>
          <CardTitle>New coupon</CardTitle>
          <CardDescription>Each dealer may use a coupon once. A code exists once: it cannot be created again, even after it is disabled.</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateCouponForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Coupons</CardTitle>
        </CardHeader>
        <CardContent>
          <ListState query={coupons} empty="No coupons yet." isEmpty={list.length === 0}>
            <Table label="Coupons" data-testid="coupons-table">
              <TableHead>
                <TableRow>
                  <TableHeader>Code</TableHeader>
                  <TableHeader>Discount</TableHeader>
                  <TableHeader>Redemptions</TableHeader>
                  <TableHeader>Packages</TableHeader>
                  <TableHeader>Expires</TableHeader>
                  <TableHeader>Status</TableHeader>
                  <TableHeader>
                    <span className="sr-only">Actions</span>
                  </TableHeader>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((c) => (
                  <TableRow key={c.code}>
                    <TableCell className="font-mono font-semibold whitespace-nowrap">{c.code}</TableCell>
                    <TableCell className="whitespace-nowrap">{c.kind === 'percent' ? `${c.percent_off}% off` : `${formatMoney(c.amount_off_cents ?? 0)} off`}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {c.redemptions}
                      {c.max_redemptions !== null && ` of ${c.max_redemptions}`}
                    </TableCell>
                    <TableCell>{c.package_ids?.join(', ') ?? 'All'}</TableCell>
                    <TableCell className="whitespace-nowrap">{c.expires_at ? formatDate(c.expires_at) : 'Never'}</TableCell>
                    <TableCell>
                      <Badge colour={c.active ? 'green' : 'gray'}>{c.active ? 'Active' : 'Disabled'}</Badge>
                    </TableCell>
                    <TableCell>
                      {c.active && (
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={disable.isPending}
                          aria-label={`Disable ${c.code}`}
                          onClick={() =>
                            disable.mutate(c.code, {
                              onSuccess: () => toast.success(`Coupon ${c.code} disabled`),
                              onError: (err) => toast.error(err.message),
                            })
                          }
                        >
                          Disable
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ListState>
        </CardContent>
      </Card>
    </div>
  );
}
