import { Button } from '@/components/ui/button';
import { BrandMark } from '@/components/layout/brand-mark';

export const LANDING_ANCHORS = [
  { href: '#features', label: 'Features' },
  { href: '#how-it-works', label: 'How It Works' },
  { href: '#pricing', label: 'Pricing' },
  { href: '#faq', label: 'FAQ' },
] as const;

export interface SiteHeaderProps {
  onLogin: () => void;
  onStartTrial: () => void;
}

export function SiteHeader({ onLogin, onStartTrial }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:px-6">
        <BrandMark />
        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-medium text-slate-700">
            {LANDING_ANCHORS.map((a) => (
              <li key={a.href}>
                <a href={a.href} className="rounded hover:text-brand-700">
                  {a.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <Button variant="ghost" size="sm" className="px-2 sm:px-3" onClick={onLogin}>
            Login
          </Button>
          <Button size="sm" onClick={onStartTrial}>
            Test for FREE!
          </Button>
        </div>
      </div>
      <nav aria-label="Sections" className="border-t border-slate-100 md:hidden">
        <ul className="flex justify-between gap-2 overflow-x-auto px-4 py-2 text-sm font-medium text-slate-700">
          {LANDING_ANCHORS.map((a) => (
            <li key={a.href} className="shrink-0">
              <a href={a.href} className="rounded px-1 py-1 hover:text-brand-700">
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
