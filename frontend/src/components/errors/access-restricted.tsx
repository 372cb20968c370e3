import { ShieldAlert } from 'lucide-react';
import { ADMIN_MESSAGES } from '@shared/messages';

/** What a signed-in dealer who is not a super user sees on a super-user page (the server refuses them too). */
export function AccessRestricted() {
  return (
    <section className="mx-auto mt-8 max-w-lg rounded-xl border border-amber-200 bg-amber-50 p-6 text-center" aria-labelledby="access-restricted-title">
      <ShieldAlert className="mx-auto size-10 text-amber-700" aria-hidden="true" />
      <h1 id="access-restricted-title" className="mt-3 text-xl font-bold text-slate-900">
        {ADMIN_MESSAGES.accessRestrictedTitle}
      </h1>
      <p className="mt-2 text-slate-700">{ADMIN_MESSAGES.accessRestricted}</p>
    </section>
  );
}
