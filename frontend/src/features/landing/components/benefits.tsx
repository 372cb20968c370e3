import { PROCESSING_TIME_TEXT } from '@shared/brand';
import { BadgeDollarSign, Camera, Medal, Rocket, Timer, Trophy } from 'lucide-react';

const BENEFITS = [
  { icon: BadgeDollarSign, title: '50x cheaper than hiring a professional', text: 'A studio shoot costs hundreds per car. Here a whole car package costs one credit.' },
  { icon: Timer, title: 'Seconds, not hours of editing', text: `No masking in an editor. ${PROCESSING_TIME_TEXT.short}` },
  { icon: Camera, title: 'Zero preparation', text: 'No studio, no turntable, no special lighting. Photograph the car where it stands.' },
  { icon: Medal, title: 'Professional quality', text: 'Clean backgrounds, even light and a natural shadow on every image, in every listing.' },
  { icon: Rocket, title: 'Transparent pay-per-use pricing', text: 'No contracts, no subscriptions, no monthly commitments. Purchased credits never expire.' },
  { icon: Trophy, title: 'Stand out against competitors', text: 'Buyers click on listings that look professional. Make your inventory the one they notice.' },
] as const;

export function Benefits() {
  return (
    <section id="features" aria-labelledby="benefits-title" className="scroll-mt-24 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <h2 id="benefits-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Benefits for Your Dealership
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.title} className="rounded-xl border border-slate-200 p-6">
              <b.icon className="size-7 text-brand-700" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{b.title}</h3>
              <p className="mt-2 text-slate-700">{b.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
