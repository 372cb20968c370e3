import type { CarPackageSummary } from '@shared/schemas/car-packages';

/** The car's VIN, stock number and what the VIN decoded to, on the package's page (issue 41); nothing when none was given. */
export function CarIdentity({ pkg }: { pkg: Pick<CarPackageSummary, 'vin' | 'vin_warning' | 'stock_number' | 'vehicle'> }) {
  if (!pkg.vin && !pkg.stock_number) return null;
  const v = pkg.vehicle;
  const decoded = v ? [v.year, v.make, v.model, v.trim, v.body].filter(Boolean).join(' · ') : null;
  return (
    <div className="mt-2 grid gap-1 text-sm">
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-slate-700" data-testid="package-car-identity">
        {pkg.vin && (
          <div className="flex gap-1.5">
            <dt className="text-slate-600">VIN</dt>
            <dd className="font-mono break-all">{pkg.vin}</dd>
          </div>
        )}
        {pkg.stock_number && (
          <div className="flex gap-1.5">
            <dt className="text-slate-600">Stock number</dt>
            <dd className="font-mono">{pkg.stock_number}</dd>
          </div>
        )}
        {decoded && (
          <div className="flex gap-1.5">
            <dt className="text-slate-600">Decoded</dt>
            <dd>{decoded}</dd>
          </div>
        )}
      </dl>
      {pkg.vin_warning && <p className="text-amber-900">{pkg.vin_warning}</p>}
    </div>
  );
}
