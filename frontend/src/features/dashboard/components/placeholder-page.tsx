import { Link } from 'react-router-dom';
import { usePageMeta } from '@/lib/page-meta';

/** Stand-in for a dashboard page that a later issue builds; it only names the page. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageMeta(title, `${title} in the dealer dashboard.`);
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-slate-700">This dashboard page is not built yet.</p>
      <Link to="/" className="mt-4 inline-block text-brand-700 underline">
        Back to Home
      </Link>
    </main>
  );
}
