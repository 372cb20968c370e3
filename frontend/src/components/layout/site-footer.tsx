import { SiteLink } from './site-link';
import { COMPANY, PRODUCT_NAME } from '@shared/brand';

const QUICK_LINKS = [
  { href: '/#features', label: 'Features' },
  { href: '/#how-it-works', label: 'How It Works' },
  { href: '/#pricing', label: 'Pricing' },
  { href: '/#faq', label: 'FAQ' },
] as const;
const LEGAL_LINKS = [
  { to: '/contact', label: 'Contact' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/verify', label: 'Check Content Credentials' },
] as const;

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold text-white">{PRODUCT_NAME}</p>
          <p className="mt-3 text-sm">Studio images of your cars from ordinary phone photos, paid per use with credits.</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="text-sm font-semibold text-white">Quick Links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href} className="hover:text-white hover:underline">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold text-white">Legal</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <SiteLink to={l.to} className="hover:text-white hover:underline">
                  {l.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        {/* The landing page is pre-rendered at build time; the year may have turned since. */}
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6" suppressHydrationWarning>
          © {new Date().getFullYear()} {COMPANY.legalName}, {COMPANY.incorporation}. Virtual office address:{' '}
          {COMPANY.virtualOfficeAddress}.
        </p>
      </div>
    </footer>
  );
}
