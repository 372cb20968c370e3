import type { ComponentProps } from 'react';
import type { BadgeColour } from '@shared/statuses';
import { cn } from '@/lib/utils';

const COLOURS: Record<BadgeColour, string> = {
  gray: 'bg-slate-100 text-slate-800 ring-slate-300',
  blue: 'bg-blue-50 text-blue-800 ring-blue-200',
  yellow: 'bg-amber-50 text-amber-900 ring-amber-200',
  green: 'bg-green-50 text-green-800 ring-green-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
};

export function Badge({ colour = 'gray', className, ...props }: ComponentProps<'span'> & { colour?: BadgeColour }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', COLOURS[colour], className)}
      {...props}
    />
  );
}
