import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';
import { usePageMeta } from '@/lib/page-meta';

export default function NotFoundRoute() {
  const location = useLocation();
  usePageMeta('Page not found', 'The page you were looking for does not exist.');
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-6">
      <div className="text-center">
        <h1 className="mb-4 text-5xl font-bold text-slate-900">404</h1>
        <p className="mb-6 text-xl text-slate-700">{MESSAGES.notFound}</p>
        <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
