import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminCreditPackage, UpdateCreditPackageRequest } from '@shared/schemas/admin-finance';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useAdminCreditPackages, useUpdateCreditPackage } from '../api/admin';
import { formatMoney } from './format';
import { ListState } from './list-states';

function PackageRow({ pkg }: { pkg: AdminCreditPackage }) {
  const update = useUpdateCreditPackage();
  const [price, setPrice] = useState((pkg.price_cents / 100).toFixed(2));
  const save = (changes: UpdateCreditPackageRequest, done: string) =>
    update.mutate({ id: pkg.id, changes }, { onSuccess: () => toast.success(done), onError: (err) => toast.error(err.message) });
  const cents = Math.round(Number(price) * 100);
  const priceChanged = Number.isFinite(cents) && cents !== pkg.price_cents;
  return (
    <TableRow>
      <TableCell>
        <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">{pkg.name}</span>
        <span className="block text-xs text-slate-600">{pkg.credits} credits</span>
      </TableCell>
      <TableCell>
        <form
          className="flex items-center gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save({ price_cents: cents }, `${pkg.name} now costs ${formatMoney(cents)}`);
          }}
        >
          <Input aria-label={`Price of ${pkg.name} (USD)`} type="number" inputMode="decimal" min={0.5} step={0.01} value={price} onChange={(e) => setPrice(e.target.value)} className="w-28" />
          <Button type="submit" size="sm" variant="outline" disabled={!priceChanged || update.isPending}>
            Save
          </Button>
        </form>
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatMoney(Math.round(pkg.price_cents / pkg.credits))} / credit</TableCell>
      <TableCell>
        <Switch aria-label={`${pkg.name} active`} checked={pkg.is_active} disabled={update.isPending} onCheckedChange={(v) => save({ is_active: v }, `${pkg.name} ${v ? 'is offered again' : 'is no longer offered'}`)} />
      </TableCell>
      <TableCell>
        <Switch aria-label={`${pkg.name} most popular`} checked={pkg.is_popular} disabled={update.isPending} onCheckedChange={(v) => save({ is_popular: v }, `${pkg.name} ${v ? 'is marked Most Popular' : 'is no longer marked Most Popular'}`)} />
      </TableCell>
      <TableCell className="max-w-48 text-xs [overflow-wrap:anywhere] text-slate-600">{pkg.updated_by ?? 'as seeded'}</TableCell>
    </TableRow>
  );
}

/** Price, active and Most Popular of each credit package; the purchase dialog offers the active ones. */
export function CreditPackagesTab() {
  const packages = useAdminCreditPackages();
  const list = packages.data?.packages ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Credit packages</CardTitle>
        <CardDescription>Changes apply to the next purchase; payments already made keep their price. Deploys add missing packages but never overwrite these.</CardDescription>
      </CardHeader>
      <CardContent>
        <ListState query={packages} empty="No credit packages." isEmpty={list.length === 0}>
          <Table label="Credit packages" data-testid="packages-table">
            <TableHead>
              <TableRow>
                <TableHeader>Package</TableHeader>
                <TableHeader>Price (USD)</TableHeader>
                <TableHeader>Per credit</TableHeader>
                <TableHeader>Active</TableHeader>
                <TableHeader>Most Popular</TableHeader>
                <TableHeader>Changed by</TableHeader>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((p) => (
                <PackageRow key={`${p.id}-${p.price_cents}`} pkg={p} />
              ))}
            </TableBody>
          </Table>
        </ListState>
      </CardContent>
    </Card>
  );
}
