import { cn } from '@/lib/utils';

/** A progress bar (role="progressbar") from 0 to max. */
export function Progress({
  value,
  max = 100,
  label,
  className,
  barClassName,
}: {
  value: number;
  max?: number;
  label: string;
  className?: string;
  barClassName?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className={cn('h-full rounded-full bg-brand-600 transition-[width] duration-300', barClassName)} style={{ width: `${percent}%` }} />
    </div>
  );
}
