/** Four placeholder dealer logos, drawn inline (fictional names). */
const LOGOS = [
  { name: 'Riverside Motors', shape: <circle cx="16" cy="16" r="11" /> },
  { name: 'Summit Auto Group', shape: <path d="M4 26 16 6l12 20z" /> },
  { name: 'Lakeside Cars', shape: <rect x="5" y="9" width="22" height="14" rx="7" /> },
  { name: 'Metro Auto Sales', shape: <path d="M5 26V6l11 12L27 6v20" fill="none" strokeWidth="4" stroke="currentColor" /> },
] as const;

export function TrustedBy() {
  return (
    <section aria-labelledby="trusted-title" className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <h2 id="trusted-title" className="text-center text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Trusted by dealerships like these
        </h2>
        <ul className="mt-6 grid grid-cols-2 gap-6 md:grid-cols-4">
          {LOGOS.map((logo) => (
            <li key={logo.name} className="flex items-center justify-center gap-2 text-slate-600">
              <svg viewBox="0 0 32 32" className="size-7 fill-current" aria-hidden="true">
                {logo.shape}
              </svg>
              <span className="text-base font-bold tracking-tight">{logo.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
