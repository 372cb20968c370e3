import type { DecodedVehicle } from '@shared/vin';
import { cn } from '@/lib/utils';

export interface CarIdentityFields {
  vin: string | null;
  stock_number: string | null;
  vehicle?: DecodedVehicle | null;
  /** Why the VIN's check digit looks wrong (the dealer's own pages only). */
  vin_warning?: string | null;
}

/**
 * A car's VIN and stock number, and what its VIN decoded to (issue 41): one list for the gallery's card (`compact`: "VIN"
 * and "Stock" on one line, long values cut short), the package's page and the public page of a shared car (every
 * character of the VIN, which may break anywhere, and "Stock number"). Nothing when the car has neither.
 *
 * `vehicle`: 'decoded' (the dealer's page: year, make, model, trim and body in one "Decoded" line) or 'fields' (the
 * shared page, for buyers: Year, Make and Model each with its label, trim beside the model).
 */
export function CarIdentity({
  car,
  compact = false,
  vehicle = 'decoded',
  testId,
  className,
}: {
  car: CarIdentityFields;
  compact?: boolean;
  vehicle?: 'decoded' | 'fields';
  testId?: string;
  className?: string;
}) {
  const v = compact ? null : car.vehicle;
  const rows: [label: string, value: string, mono: boolean][] = [];
  if (v && vehicle === 'fields') {
    if (v.year) rows.push(['Year', String(v.year), false]);
    if (v.make) rows.push(['Make', v.make, false]);
    if (v.model) rows.push(['Model', [v.model, v.trim].filter(Boolean).join(' '), false]);
  }
  if (car.vin) rows.push(['VIN', car.vin, true]);
  if (car.stock_number) rows.push([compact ? 'Stock' : 'Stock number', car.stock_number, true]);
  if (v && vehicle === 'decoded') {
    const decoded = [v.year, v.make, v.model, v.trim, v.body].filter(Boolean).join(' · ');
    if (decoded) rows.push(['Decoded', decoded, false]);
  }
  if (!car.vin && !car.stock_number && rows.length === 0) return null;
  const warning = !compact && car.vin_warning;
  const list = (
    <dl className={cn('flex flex-wrap gap-y-1 text-sm text-slate-700', compact ? 'gap-x-4' : 'gap-x-5', !warning && className)} data-testid={testId}>
      {rows.map(([label, value, mono]) => (
        <div key={label} className={cn('flex gap-1.5', compact && 'min-w-0 gap-1')}>
          <dt className="shrink-0 text-slate-600">{label}</dt>
          <dd className={cn(mono && 'font-mono', compact ? 'truncate' : mono && 'break-all')} title={compact ? value : undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
  if (!warning) return list;
  return (
    <div className={cn('grid gap-1 text-sm', className)}>
      {list}
      <p className="text-amber-900">{warning}</p>
    </div>
  );
}
