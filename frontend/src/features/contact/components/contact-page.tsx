import { BackHomeHeader } from '@/components/layout/back-home-header';
import { Building2, CheckCircle2, LifeBuoy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { COMPANY, CONTACT_RESPONSE_HOURS } from '@shared/brand';
import { SiteFooter } from '@/components/layout/site-footer';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { ContactForm } from './contact-form';

export function ContactPage() {
  usePageMeta('Contact Us', `Questions, enterprise plans or help with your account: write to us and get an answer within ${CONTACT_RESPONSE_HOURS} hours.`);
  const [sent, setSent] = useState(false);
  return (
    <>
      <BackHomeHeader width="max-w-5xl" />
      <main className="bg-slate-50">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact Us</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">
            Questions about credits, an enterprise plan or anything else? Send us a message and we will get back to you
            within {CONTACT_RESPONSE_HOURS} hours.
          </p>
          <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_20rem]">
            <Card>
              <CardContent className="p-6 sm:p-8">
                {sent ? (
                  <div role="status" className="flex flex-col items-center py-8 text-center">
                    <CheckCircle2 className="size-14 text-green-700" aria-hidden="true" />
                    <h2 className="mt-4 text-2xl font-bold text-slate-900">Message Sent!</h2>
                    <p className="mt-2 max-w-md text-slate-700">
                      Thank you for reaching out. We have received your message and will reply within{' '}
                      {CONTACT_RESPONSE_HOURS} hours.
                    </p>
                    <Button className="mt-6" asChild>
                      <Link to="/">Back to Home</Link>
                    </Button>
                  </div>
                ) : (
                  <>
                    <h2 className="mb-6 text-xl font-semibold text-slate-900">Send us a message</h2>
                    <ContactForm onSent={() => setSent(true)} />
                  </>
                )}
              </CardContent>
            </Card>
            <div className="grid content-start gap-6">
              <Card>
                <CardHeader>
                  <Building2 className="size-7 text-brand-700" aria-hidden="true" />
                  <CardTitle>Enterprise Inquiries</CardTitle>
                  <CardDescription>
                    Large inventory, several lots, custom backgrounds or your logo on every image? Tell us what you need
                    and we will prepare a custom price and plan.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <a className="font-semibold break-all text-brand-700 underline underline-offset-4" href={`mailto:${COMPANY.enterpriseEmail}`}>
                    {COMPANY.enterpriseEmail}
                  </a>
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <LifeBuoy className="size-7 text-brand-700" aria-hidden="true" />
                  <CardTitle>General Support</CardTitle>
                  <CardDescription>
                    Already a customer? The Support section of your dashboard has guides, answers and a support form
                    that knows your account.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <Link className="font-semibold text-brand-700 underline underline-offset-4" to="/dashboard/support">
                    Go to Support
                  </Link>
                </CardContent>
              </Card>
            </div>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
