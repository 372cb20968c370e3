import { SiteLink } from './site-link';
import { PRODUCT_NAME } from '@shared/brand';

export function BrandMark({ className }: { className?: string }) {
  return (
    <SiteLink to="/" className={`flex items-center gap-2 rounded font-extrabold text-slate-900 ${className ?? ''}`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#1d4ed8" />
        <path d="M6 20l3-6c.5-1 1.4-1.5 2.5-1.5h9c1.1 0 2 .5 2.5 1.5l3 6v3a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1v-1H10v1a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1z" fill="#fff" />
      </svg>
      <span className="text-lg whitespace-nowrap">{PRODUCT_NAME}</span>
    </SiteLink>
  );
}
