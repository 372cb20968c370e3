import { Download, ImageUp, Wand2 } from 'lucide-react';
import { CAR_PACKAGE_ANGLE_COUNT, MAX_CAR_PACKAGE_PHOTOS } from '@shared/limits';

const STEPS = [
  {
    icon: ImageUp,
    title: 'Upload Photos',
    text: `Take 1 to ${MAX_CAR_PACKAGE_PHOTOS} ordinary photos of a car with your phone and upload them in the browser. Give the car a name and pick a background.`,
  },
  {
    icon: Wand2,
    title: 'Professional Image Generation',
    text: `We cut the car out, place it on the background you chose with studio light and a natural shadow, and produce the ${CAR_PACKAGE_ANGLE_COUNT} standard angles. The car itself is left as it is.`,
  },
  {
    icon: Download,
    title: 'Download & Use',
    text: 'Watch each angle finish live, then download the images for your website, marketplaces and social media.',
  },
] as const;

export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-24 bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="how-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-lg bg-brand-100 text-brand-800">
                <step.icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="text-brand-700">{i + 1}.</span> {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
