import { ChevronLeft, ChevronRight, Pause, Quote } from 'lucide-react';
import { CAROUSEL_INTERVAL_MS } from '@shared/limits';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { TESTIMONIALS } from '../content/testimonials';
import { useCarousel } from '../hooks/use-carousel';

export function Testimonials() {
  const carousel = useCarousel(TESTIMONIALS.length, CAROUSEL_INTERVAL_MS);
  return (
    <section aria-labelledby="stories-title" className="bg-white">
      <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6">
        <h2 id="stories-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          Dealer Success Stories
        </h2>
        <div role="region" aria-roledescription="carousel" aria-label="Dealer testimonials" className="mt-10">
          <div aria-live={carousel.autoPlay ? 'off' : 'polite'} className="min-h-64 sm:min-h-52">
            {TESTIMONIALS.map((t, i) => (
              <figure
                key={t.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${TESTIMONIALS.length}`}
                hidden={i !== carousel.index}
                className="rounded-2xl bg-brand-50 p-6 text-center sm:p-10"
              >
                <Quote className="mx-auto size-8 text-brand-700" aria-hidden="true" />
                <blockquote className="mt-4 text-lg text-slate-800 sm:text-xl">“{t.quote}”</blockquote>
                <figcaption className="mt-5">
                  <span className="block font-semibold text-slate-900">{t.author}</span>
                  <span className="block text-sm text-slate-700">{t.company}</span>
                </figcaption>
              </figure>
            ))}
          </div>
          <div className="mt-6 flex items-center justify-center gap-3">
            <Button variant="outline" size="icon" onClick={carousel.previous} aria-label="Previous testimonial">
              <ChevronLeft aria-hidden="true" />
            </Button>
            <div className="flex items-center">
              {TESTIMONIALS.map((t, i) => (
                <button
                  key={t.id}
                  type="button"
                  onClick={() => carousel.goTo(i)}
                  aria-label={`Show testimonial ${i + 1}`}
                  aria-current={i === carousel.index ? 'true' : undefined}
                  className="flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className={cn('block size-3 rounded-full', i === carousel.index ? 'bg-brand-700' : 'bg-slate-400')} />
                </button>
              ))}
            </div>
            <Button variant="outline" size="icon" onClick={carousel.next} aria-label="Next testimonial">
              <ChevronRight aria-hidden="true" />
            </Button>
            {carousel.autoPlay && (
              <Button variant="ghost" size="sm" onClick={carousel.stop}>
                <Pause aria-hidden="true" /> Stop auto-play
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
