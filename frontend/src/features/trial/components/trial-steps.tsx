import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

const STEPS = ['Upload Photos', 'Enter Email', 'Complete'] as const;

/** The 3-step indicator of the trial page; `current` is 0, 1 or 2. */
export function TrialSteps({ current }: { current: number }) {
  return (
    <ol className="flex items-start justify-center gap-1 sm:items-center sm:gap-4" aria-label="Trial steps">
      {STEPS.map((label, i) => {
        const done = i < current;
        const active = i === current;
        return (
          <li key={label} className="flex items-center gap-1 sm:gap-4" aria-current={active ? 'step' : undefined}>
            {/* On a phone the label goes under its number, so the three steps fit 320 px. */}
            <span className="flex w-20 flex-col items-center gap-1 text-center sm:w-auto sm:flex-row sm:gap-2">
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold',
                  done ? 'border-green-700 bg-green-700 text-white' : active ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-500',
                )}
              >
                {done ? <Check className="size-4" aria-hidden="true" /> : i + 1}
              </span>
              <span className={cn('text-xs font-medium sm:text-sm', active ? 'text-slate-900' : 'text-slate-600')}>{label}</span>
            </span>
            {i < STEPS.length - 1 && <span className={cn('mb-5 h-0.5 w-6 shrink-0 sm:mb-0 sm:w-10', done ? 'bg-green-700' : 'bg-slate-300')} aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}
