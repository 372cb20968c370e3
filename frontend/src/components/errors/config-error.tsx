import { MESSAGES } from '@shared/messages';

/** Shown instead of the app when /config.json is missing a required value. */
export function ConfigError({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-6">
      <div role="alert" className="max-w-lg rounded-xl border border-red-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-bold text-red-800">{MESSAGES.missingEnv}</h1>
        <p className="mt-3 break-words font-mono text-sm text-slate-800">{message}</p>
        <p className="mt-4 text-sm text-slate-600">
          The site's configuration file (/config.json) is missing a value. Please contact the site's operator.
        </p>
      </div>
    </main>
  );
}
