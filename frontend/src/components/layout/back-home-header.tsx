import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { BrandMark } from './brand-mark';

/** The header of the public pages outside the landing page: the brand and the way back home, as wide as the page. */
export function BackHomeHeader({ width }: { width: 'max-w-3xl' | 'max-w-4xl' | 'max-w-5xl' }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={cn('mx-auto flex h-16 items-center justify-between gap-3 px-4 sm:px-6', width)}>
        <BrandMark />
        <Button variant="outline" size="sm" asChild>
          <Link to="/">
            <ArrowLeft aria-hidden="true" /> Back to Home
          </Link>
        </Button>
      </div>
    </header>
  );
}
