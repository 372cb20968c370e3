import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A data table that stays readable on a phone: the table keeps its columns and scrolls sideways inside its own
 * frame (keyboard-focusable, labelled), so the page itself never gets wider than the screen. From 1024 px on it fits
 * its frame instead (long values such as e-mails and ids wrap), so on a laptop nothing scrolls sideways. The frame is positioned:
 * visually hidden (absolute) labels inside it would otherwise widen the page.
 */
export function Table({ className, label, ...props }: ComponentProps<'table'> & { label: string }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative max-w-full overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600">
      <table className={cn('w-full min-w-max border-collapse text-left text-sm lg:min-w-0', className)} {...props} />
    </div>
  );
}
export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600', className)} {...props} />;
}
export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-200', className)} {...props} />;
}
export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('align-top', className)} {...props} />;
}
export function TableHeader({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('px-3 py-2 font-semibold whitespace-nowrap', className)} {...props} />;
}
export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-3 py-2 text-slate-800', className)} {...props} />;
}
