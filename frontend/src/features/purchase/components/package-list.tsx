import type { CreditPackageView } from '@shared/pricing';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { dollars } from './format';

/** The packages as radio cards: price, credits, price per credit, savings against the first, Most Popular. */
export function PackageList({ packages, selected, onSelect }: { packages: CreditPackageView[]; selected: string | null; onSelect: (id: string) => void }) {
  // The dialog opens on its first choice (the chosen one when coming back), also when the list arrives after it opened.
  const focusId = selected ?? packages[0]?.id;
  return (
    <div role="radiogroup" aria-label="Credit packages" className="grid gap-2">
      {packages.map((p) => {
        const checked = p.id === selected;
        return (
          <button
            key={p.id}
            type="button"
            role="radio"
            aria-checked={checked}
            autoFocus={p.id === focusId}
            onClick={() => onSelect(p.id)}
            className={cn(
              'grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-0.5 rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              checked ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700' : 'border-slate-200 hover:border-slate-300 hover:bg-slate-50',
            )}
          >
            <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              {p.name}
              {p.is_popular && <Badge colour="blue">Most Popular</Badge>}
            </span>
            <span className="text-lg font-bold text-slate-900">{dollars(p.price_cents)}</span>
            <span className="text-sm text-slate-700">
              {p.credits} credits · ${p.price_per_credit_dollars} per credit
            </span>
            <span className="text-sm font-semibold text-green-800">{p.savings_percentage > 0 ? `Save ${p.savings_percentage}%` : ''}</span>
          </button>
        );
      })}
    </div>
  );
}
