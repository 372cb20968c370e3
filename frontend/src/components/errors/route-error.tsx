import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MESSAGES } from '@shared/messages';

/** The router's fallback when a page throws while loading or rendering. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  console.error(error);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
      <div role="alert" className="max-w-lg rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{MESSAGES.unexpectedError}</h1>
        <p className="mt-3 break-words text-sm text-slate-700">{detail}</p>
        <a href="/" className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
          Return to Home
        </a>
      </div>
    </main>
  );
}
