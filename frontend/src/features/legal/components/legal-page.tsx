import { BackHomeHeader } from '@/components/layout/back-home-header';
import { LEGAL_LAST_UPDATED } from '@shared/brand';
import { SiteFooter } from '@/components/layout/site-footer';
import { usePageMeta } from '@/lib/page-meta';
import type { LegalSection } from '../content/legal-section';

export interface LegalPageProps {
  title: string;
  description: string;
  intro: string;
  sections: readonly LegalSection[];
}

export function LegalPage({ title, description, intro, sections }: LegalPageProps) {
  usePageMeta(title, description);
  return (
    <>
      <BackHomeHeader width="max-w-4xl" />
      <main className="bg-white">
        <article className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-600">Last updated: {LEGAL_LAST_UPDATED}</p>
          <p className="mt-6 text-slate-700">{intro}</p>
          <ol className="mt-8 space-y-8">
            {sections.map((section, i) => (
              <li key={section.title}>
                <section aria-labelledby={`section-${i + 1}`}>
                  <h2 id={`section-${i + 1}`} className="text-xl font-semibold text-slate-900">
                    {i + 1}. {section.title}
                  </h2>
                  {section.paragraphs.map((p) => (
                    <p key={p.slice(0, 40)} className="mt-3 leading-relaxed text-slate-700">
                      {p}
                    </p>
                  ))}
                  {section.items && (
                    <ul className="mt-3 list-disc space-y-1.5 pl-6 text-slate-700">
                      {section.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  )}
                </section>
              </li>
            ))}
          </ol>
        </article>
      </main>
      <SiteFooter />
    </>
  );
}
