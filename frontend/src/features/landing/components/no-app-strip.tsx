import { Gauge, Palette, Smartphone } from 'lucide-react';

const ITEMS = [
  { icon: Smartphone, text: 'No App' },
  { icon: Palette, text: 'No Design Skills' },
  { icon: Gauge, text: '99% Faster than Manual Editing' },
] as const;

export function NoAppStrip() {
  return (
    <section aria-label="Why it is easy" className="bg-slate-900 text-white">
      <ul className="mx-auto flex max-w-7xl flex-col items-center justify-center gap-4 px-4 py-6 sm:flex-row sm:gap-12 sm:px-6">
        {ITEMS.map((item) => (
          <li key={item.text} className="flex items-center gap-2 text-base font-semibold">
            <item.icon className="size-5 text-brand-100" aria-hidden="true" />
            {item.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
