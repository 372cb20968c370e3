import { CreditCard, FileCheck2, ShieldCheck } from 'lucide-react';

const ITEMS = [
  {
    icon: ShieldCheck,
    title: 'Data Privacy',
    text: 'Original and finished photos are stored encrypted and never shared with third parties for their own use. Deletion within 30 days of your request.',
  },
  {
    icon: FileCheck2,
    title: 'Audit Compliance',
    text: 'Every credit movement is recorded in a ledger you can review. SOC 2 certification is on our roadmap.',
  },
  {
    icon: CreditCard,
    title: 'Secure Payments',
    text: 'Card payments are handled by Stripe; your card number never touches our servers.',
  },
] as const;

/** Generic card-brand wordmarks, drawn as text. */
const CARD_BRANDS = [
  { name: 'VISA', color: '#1a1f71' },
  { name: 'Mastercard', color: '#3a3a3a' },
  { name: 'AMEX', color: '#006fcf' },
  { name: 'Discover', color: '#8a4b00' },
  { name: 'Apple Pay', color: '#000000' },
  { name: 'Google Pay', color: '#3c4043' },
] as const;

export function Security() {
  return (
    <section aria-labelledby="security-title" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="security-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Secure and Compliant
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {ITEMS.map((item) => (
            <li key={item.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <item.icon className="size-7 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{item.title}</h3>
              <p className="mt-2 text-slate-700">{item.text}</p>
            </li>
          ))}
        </ul>
        <ul aria-label="Accepted payment methods" className="mt-10 flex flex-wrap items-center justify-center gap-3">
          {CARD_BRANDS.map((brand) => (
            <li key={brand.name}>
              <svg viewBox="0 0 120 40" width="120" height="40" role="img" aria-label={brand.name} className="rounded-md border border-slate-300 bg-white">
                <text x="60" y="26" textAnchor="middle" fontFamily="ui-sans-serif, system-ui, sans-serif" fontSize="16" fontWeight="800" fill={brand.color}>
                  {brand.name}
                </text>
              </svg>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
