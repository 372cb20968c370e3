import { Download, Sparkles, Upload } from 'lucide-react';
import { TRIAL_CREDITS } from '@shared/limits';
import { Button } from '@/components/ui/button';
import { BEFORE_AFTER_PAIRS, BEFORE_LABEL } from '../content/before-after-pairs';
import { BeforeAfterSlider } from './before-after-slider';

const STEPS = [
  { icon: Upload, title: 'Upload', text: 'Phone photos of the car' },
  { icon: Sparkles, title: 'Transform', text: 'New background and light' },
  { icon: Download, title: 'Download', text: 'Ready for your listings' },
] as const;

export function Hero({ onStartTrial }: { onStartTrial: () => void }) {
  const pair = BEFORE_AFTER_PAIRS[0];
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-2">
        <div>
          <h1 id="hero-title" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Studio photos of your cars, straight from your phone
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">
            Upload ordinary photos from the lot and get professional studio images with new lighting and the background
            you choose. No photographer, no editing, pay only per car.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={onStartTrial}>
              Get {TRIAL_CREDITS} Free Credits
            </Button>
            <Button size="lg" variant="outline" asChild>
              <a href="#pricing">See Pricing</a>
            </Button>
          </div>
          <p className="mt-3 text-sm text-slate-600">No credit card needed. Works in any browser.</p>
        </div>
        {pair && (
          <BeforeAfterSlider before={pair.before} after={pair.after} beforeLabel={BEFORE_LABEL} afterLabel={pair.label} priority sizes="(min-width: 1024px) 50vw, 100vw" />
        )}
      </div>
      <div className="mx-auto max-w-7xl px-4 pb-12 sm:px-6">
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                <step.icon className="size-5" aria-hidden="true" />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">
                  {i + 1}. {step.title}
                </span>
                <span className="block text-sm text-slate-600">{step.text}</span>
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
