import { usePageMeta } from '@/lib/page-meta';

/** A dashboard page that a later issue builds; it names the page and says so, nothing more. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageMeta(title, `${title} in the dealer dashboard.`);
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-700">This page is coming in a later update.</p>
    </section>
  );
}
