import { useParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { usePageMeta } from '@/lib/page-meta';

/** Stand-in for the trial upload flow (a later issue builds it). */
export function TrialPage() {
  const { token } = useParams();
  usePageMeta('Free Trial', 'Try studio images of your cars with your personal trial link.');
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-2xl font-bold">Free Trial</h1>
      <p className="mt-2 text-slate-700">The trial upload flow for link {token ? 'with a token' : 'without a token'} is not built yet.</p>
      <Link to="/" className="mt-4 inline-block text-brand-700 underline">
        Back to Home
      </Link>
    </main>
  );
}
