// Icons the landing page does not use (a shared icon becomes an extra chunk there); plain buttons and <details>
// instead of Radix Tabs and the landing page's accordion for the same reason.
import { Aperture, BookOpen, ChevronDown, FileText, HelpCircle, Mail, Shield, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePageMeta } from '@/lib/page-meta';
import { OPEN_PHOTO_GUIDE_FLAG } from '@/lib/session-flags';
import { cn } from '@/lib/utils';
import { useMe } from '../api/account';
import { GETTING_STARTED_STEPS, PHOTO_GUIDE_TIPS, supportFaq } from '../content/support-help';
import { PageHeading } from './page-heading';
import { SupportContactForm } from './support-contact-form';

type Section = 'getting-started' | 'photo-guide' | 'faq' | 'contact' | 'terms' | 'privacy';
const SECTIONS: readonly { id: Section; label: string; icon: LucideIcon }[] = [
  { id: 'getting-started', label: 'Getting Started', icon: BookOpen },
  { id: 'photo-guide', label: 'Photo Guide', icon: Aperture },
  { id: 'faq', label: 'FAQ', icon: HelpCircle },
  { id: 'contact', label: 'Contact Us', icon: Mail },
  { id: 'terms', label: 'Terms & Conditions', icon: FileText },
  { id: 'privacy', label: 'Privacy Policy', icon: Shield },
];

function sectionFromArrival(hash: string): Section {
  if (hash === '#contact') return 'contact';
  try {
    if (sessionStorage.getItem(OPEN_PHOTO_GUIDE_FLAG)) {
      sessionStorage.removeItem(OPEN_PHOTO_GUIDE_FLAG);
      return 'photo-guide';
    }
  } catch {
    // No session storage: start at the beginning.
  }
  return 'getting-started';
}

/** One section of the Support Center; only the chosen one is shown. */
function Panel({ id, current, children }: { id: Section; current: Section; children: ReactNode }) {
  if (id !== current) return null;
  return <div data-section={id}>{children}</div>;
}

function ContactSection() {
  const me = useMe();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Us</CardTitle>
        <CardDescription>Tell us what happened or what you need. We reply within 24 hours on business days.</CardDescription>
      </CardHeader>
      <CardContent>
        {me.isPending ? (
          <Spinner label="Loading" />
        ) : (
          <SupportContactForm defaultName="" defaultEmail={me.data?.profile.email ?? ''} />
        )}
      </CardContent>
    </Card>
  );
}

export default function SupportPage() {
  usePageMeta('Support Center', 'Help with car packages, photos and credits, and a way to reach our support team.');
  const { hash } = useLocation();
  const [section, setSection] = useState<Section>(() => sectionFromArrival(hash));
  useEffect(() => {
    if (hash === '#contact') setSection('contact');
  }, [hash]);

  return (
    <section>
      <PageHeading title="Support Center" description="Guides, answers, and a direct line to our team." />
      <div className="grid gap-6 md:grid-cols-[13rem_1fr]">
        <nav aria-label="Support sections" className="min-w-0">
          <ul className="flex gap-1 overflow-x-auto pb-1 md:flex-col md:overflow-visible">
            {SECTIONS.map(({ id, label, icon: Icon }) => (
              <li key={id} className="shrink-0">
                <button
                  type="button"
                  onClick={() => setSection(id)}
                  aria-current={section === id ? 'true' : undefined}
                  className={cn(
                    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100',
                    section === id && 'bg-brand-50 text-brand-800 hover:bg-brand-50',
                  )}
                >
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <Panel id="getting-started" current={section}>
            <Card>
              <CardHeader>
                <CardTitle>Getting Started</CardTitle>
                <CardDescription>From phone photos to studio images in four steps.</CardDescription>
              </CardHeader>
              <CardContent>
                <ol className="grid gap-4">
                  {GETTING_STARTED_STEPS.map((step, i) => (
                    <li key={step.title} className="flex gap-3">
                      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                        {i + 1}
                      </span>
                      <div>
                        <h3 className="font-semibold text-slate-900">{step.title}</h3>
                        <p className="text-sm text-slate-700">{step.text}</p>
                      </div>
                    </li>
                  ))}
                </ol>
              </CardContent>
            </Card>
          </Panel>
          <Panel id="photo-guide" current={section}>
            <Card>
              <CardHeader>
                <CardTitle>Photo Guide</CardTitle>
                <CardDescription>Better photos in, better images out.</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="grid gap-4 sm:grid-cols-2">
                  {PHOTO_GUIDE_TIPS.map((tip) => (
                    <li key={tip.title} className="rounded-lg bg-slate-50 p-4">
                      <h3 className="font-semibold text-slate-900">{tip.title}</h3>
                      <p className="text-sm text-slate-700">{tip.text}</p>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </Panel>
          <Panel id="faq" current={section}>
            <Card>
              <CardHeader>
                <CardTitle>Frequently Asked Questions</CardTitle>
              </CardHeader>
              <CardContent>
                <div className="divide-y divide-slate-200">
                  {supportFaq().map((item) => (
                    <details key={item.question} className="group py-1">
                      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
                        {item.question}
                        <ChevronDown className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" aria-hidden="true" />
                      </summary>
                      <p className="pb-4 text-slate-700">{item.answer}</p>
                    </details>
                  ))}
                </div>
              </CardContent>
            </Card>
          </Panel>
          <Panel id="contact" current={section}>
            <ContactSection />
          </Panel>
          <Panel id="terms" current={section}>
            <Card>
              <CardHeader>
                <CardTitle>Terms & Conditions</CardTitle>
                <CardDescription>
                  The terms cover your account, credits and payments, the images you upload and receive, and our
                  liability. Credits are pay-per-use with no subscription; purchased credits never expire.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Button variant="outline" asChild>
                  <Link to="/terms">Read the Terms of Service</Link>
                </Button>
              </CardContent>
            </Card>
          </Panel>
          <Panel id="privacy" current={section}>
            <Card>
              <CardHeader>
                <CardTitle>Privacy Policy</CardTitle>
                <CardDescription>
                  Your original and enhanced images are stored encrypted and never shared with third parties for their
                  own use. You can ask us to delete your data; it is permanently deleted within 30 days.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Button variant="outline" asChild>
                  <Link to="/privacy">Read the Privacy Policy</Link>
                </Button>
              </CardContent>
            </Card>
          </Panel>
        </div>
      </div>
    </section>
  );
}
