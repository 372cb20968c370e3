import { ArrowRight } from 'lucide-react';
import { SHARE_MESSAGES } from '@shared/messages';
import { BrandMark } from '@/components/layout/brand-mark';

/**
 * The page a browser gets for a car link that is not shared (any more: turned off, the package deleted, never existed):
 * branded, saying so in plain words, with a way on to the home page. Rendered by the server with a 404; no script.
 */
export function NotSharedPage() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-16 max-w-5xl items-center px-4 py-2">
          <BrandMark />
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-xl flex-1 content-center gap-4 px-4 py-12 text-center" data-testid="not-shared">
        <h1 className="text-2xl font-bold sm:text-3xl">{SHARE_MESSAGES.goneTitle}</h1>
        <p className="text-slate-700">{SHARE_MESSAGES.goneBody}</p>
        <p>
          <a
            href="/"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {SHARE_MESSAGES.goneWayOn}
            <ArrowRight className="size-4" aria-hidden="true" />
          </a>
        </p>
      </main>
    </div>
  );
}
