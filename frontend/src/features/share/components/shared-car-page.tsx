import { Download, Mail, MapPin, Phone } from 'lucide-react';
import { mailtoHref, telHref } from '@shared/contact-links';
import type { SharedCar } from '@shared/schemas/share';
import { CarIdentity } from '@/components/car-identity/car-identity';
import { cn } from '@/lib/utils';
import { ISLAND_ATTRIBUTE, type ShareIsland } from '../shared-car-app';
import { sharedFrames } from '../shared-frames';

/** The islands' markup, each rendered by the server as a root of its own (render-shared-car.tsx). */
export type IslandMarkup = Partial<Record<ShareIsland, string>>;

/**
 * Where an island of the page goes: its own markup in an element that takes no room of its own (display: contents),
 * so the island lays out as a child of the page's grid or row, as if the page had rendered it in place.
 */
export function Island({ island, markup }: { island: ShareIsland; markup: IslandMarkup }) {
  return <div {...{ [ISLAND_ATTRIBUTE]: island }} className="contents" dangerouslySetInnerHTML={{ __html: markup[island] ?? '' }} />;
}

/** The subject of a buyer's e-mail: the car, and its VIN (or stock number) so the dealer knows which one is meant. */
export const mailSubject = (car: Pick<SharedCar, 'car_name' | 'vin' | 'stock_number'>) =>
  `${car.car_name}${car.vin ? ` (VIN ${car.vin})` : car.stock_number ? ` (stock number ${car.stock_number})` : ''}`;

const ACTION =
  'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The dealer's name and logo. */
function DealerHeader({ car }: { car: SharedCar }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex min-h-16 max-w-5xl items-center gap-3 px-4 py-2">
        {car.logo_url && <img src={car.logo_url} alt="" width={120} height={40} className="h-10 w-auto max-w-32 object-contain" />}
        <p className="min-w-0 truncate font-semibold text-slate-900">{car.dealer_name ?? 'Studio images'}</p>
        {car.contact.phone && (
          <a href={telHref(car.contact.phone)} className="ml-auto shrink-0 rounded text-sm font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600" data-testid="header-call">
            <span className="sr-only">Call </span>
            {car.contact.phone}
          </a>
        )}
      </div>
    </header>
  );
}

/** Call or write to the dealer, and where to find them: only what the dealer set in Settings; nothing when none is. */
function DealerContact({ car, className }: { car: SharedCar; className?: string }) {
  const { phone, email, address } = car.contact;
  return (
    <section className={cn('grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm', className)} aria-labelledby="dealer-contact-title" data-testid="dealer-contact">
      <h2 id="dealer-contact-title" className="text-lg font-semibold">
        Ask {car.dealer_name ?? 'the dealer'} about this car
      </h2>
      {(phone || email) && (
        <div className="grid gap-2">
          {phone && (
            <a href={telHref(phone)} className={`${ACTION} bg-brand-700 text-white hover:bg-brand-800`}>
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              <span className="grid">
                <span>Call</span>{' '}
                <span className="font-normal">{phone}</span>
              </span>
            </a>
          )}
          {email && (
            <a href={mailtoHref(email, mailSubject(car))} className={`${ACTION} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`}>
              <Mail className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="grid min-w-0">
                <span>E-mail</span>{' '}
                <span className="font-normal break-all">{email}</span>
              </span>
            </a>
          )}
        </div>
      )}
      {address && (
        <address className="flex gap-2 text-sm text-slate-700 not-italic">
          <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="break-words whitespace-pre-line">{address}</span>
        </address>
      )}
    </section>
  );
}

/**
 * The walk-around video: nothing of it is fetched until the buyer presses play (preload none), so it never slows the
 * page's first picture; its poster is the walk-around's own first image, already loaded.
 */
function WalkAroundVideo({ car }: { car: SharedCar }) {
  if (!car.video) return null;
  return (
    <section className="grid max-w-3xl min-w-0 gap-3 lg:col-start-1" aria-labelledby="shared-video-title">
      <h2 id="shared-video-title" className="text-lg font-semibold">
        Walk-around video
      </h2>
      <video
        controls
        muted
        playsInline
        preload="none"
        poster={car.video.poster_url}
        width={1280}
        height={720}
        className="aspect-video w-full rounded-xl bg-slate-900"
        aria-label={`Walk-around video of the ${car.car_name}, ${car.video.duration_seconds} seconds, no sound`}
        data-testid="shared-video"
      >
        <source src={car.video.url} type="video/mp4" />
      </video>
    </section>
  );
}

/**
 * The public page of a shared car (/c/<token>): the dealer's name, logo and contact (call, e-mail, address, as set in
 * Settings), the car's name, VIN, stock number, year, make and model, the walk-around and its video, and each finished
 * image to download; one quiet content credentials badge for the page; "Download all" for the dealer who shared it.
 * Rendered to HTML by the server for every request; the browser hydrates only its islands (shared-car-app.tsx).
 */
export function SharedCarPage({ car, islands }: { car: SharedCar; islands: IslandMarkup }) {
  const frames = sharedFrames(car);
  const first = car.images[0];
  const hasContact = Boolean(car.contact.phone || car.contact.email || car.contact.address);
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <DealerHeader car={car} />
      <main className="mx-auto grid max-w-5xl gap-8 px-4 py-6">
        <Island island="dealer-download" markup={islands} />
        {/* On a wide screen the dealer's contact stays beside the car and its video; on a phone it follows the walk-around. */}
        <div className={cn('grid gap-6 lg:items-start', hasContact && 'lg:grid-cols-[minmax(0,1fr)_19rem]')}>
          <div className="grid min-w-0 gap-4">
            <div className="grid gap-2">
              <h1 className="text-2xl font-bold break-words sm:text-3xl">{car.car_name}</h1>
              <CarIdentity car={car} vehicle="fields" testId="shared-car-identity" />
            </div>
            {frames.length > 0 && <Island island="walk-around" markup={islands} />}
          </div>
          {hasContact && <DealerContact car={car} className="lg:sticky lg:top-4 lg:col-start-2 lg:row-span-2 lg:row-start-1" />}
          <WalkAroundVideo car={car} />
        </div>
        <section className="grid gap-3" aria-labelledby="shared-images-title">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <h2 id="shared-images-title" className="text-lg font-semibold">
              Images
            </h2>
            {first && <Island island="credentials" markup={islands} />}
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {car.images.map((image) => (
              <li key={image.angle} className="grid content-start gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="shared-image">
                <img src={image.web_url} alt={`${image.label}, studio image`} width={480} height={320} loading="lazy" decoding="async" className="aspect-[3/2] w-full rounded-md bg-slate-100 object-contain" />
                <div className="flex items-center justify-between gap-2">
                  <p className="text-sm font-medium">{image.label}</p>
                  <a
                    href={image.full_url}
                    download={image.file_name}
                    className="inline-flex min-h-6 shrink-0 items-center gap-1.5 rounded text-xs font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <Download className="size-3.5" aria-hidden="true" />
                    Download<span className="sr-only"> {image.label}</span>
                  </a>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="mx-auto max-w-5xl px-4 pb-8 text-sm text-slate-600">
        Studio images made with Studio Lot from the dealer&apos;s own photos: new background and light, the car as photographed. Each image carries content credentials that say so.
      </footer>
    </div>
  );
}
