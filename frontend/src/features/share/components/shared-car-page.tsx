import { Download } from 'lucide-react';
import type { SharedCar } from '@shared/schemas/share';
import { ContentCredentialsMark } from '@/components/content-credentials/content-credentials-mark';
import { WalkAroundViewer } from '@/components/walk-around/walk-around-viewer';
import { walkAroundFrames } from '@/components/walk-around/walk-around-frames';

/** The frames of a shared car: the page shows the signed gallery-size images, zooms into the stable full-size links. */
export const sharedFrames = (car: SharedCar) => walkAroundFrames(car.images.map((i) => ({ angle: i.angle, label: i.label, imageUrl: i.web_url, fullUrl: i.full_url })));

/** The dealer's name and logo: all the page says of the account. */
function DealerHeader({ car }: { car: SharedCar }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex min-h-16 max-w-5xl items-center gap-3 px-4 py-2">
        {car.logo_url && <img src={car.logo_url} alt="" width={120} height={40} className="h-10 w-auto max-w-32 object-contain" />}
        <p className="min-w-0 truncate font-semibold text-slate-900">{car.dealer_name ?? 'Studio images'}</p>
      </div>
    </header>
  );
}

/**
 * The public page of a shared car (/c/<token>): the car's name, the dealer's name and logo, the walk-around, and each
 * finished image to download with its content credentials. Rendered to HTML by the server for every request and
 * hydrated in the browser (share-main.tsx).
 */
export function SharedCarPage({ car }: { car: SharedCar }) {
  const frames = sharedFrames(car);
  return (
    <div className="min-h-screen bg-slate-50 text-slate-900">
      <DealerHeader car={car} />
      <main className="mx-auto grid max-w-5xl gap-8 px-4 py-6">
        <div className="grid gap-4">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{car.car_name}</h1>
          {frames.length > 0 && <WalkAroundViewer frames={frames} title={car.car_name} className="max-w-3xl" />}
        </div>
        <section className="grid gap-3" aria-labelledby="shared-images-title">
          <h2 id="shared-images-title" className="text-lg font-semibold">
            Images
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {car.images.map((image) => (
              <li key={image.angle} className="grid content-start gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-testid="shared-image">
                <img src={image.web_url} alt={`${image.label}, studio image`} width={480} height={320} loading="lazy" decoding="async" className="aspect-[3/2] w-full rounded-md bg-slate-100 object-contain" />
                <p className="text-sm font-medium">{image.label}</p>
                <div className="flex flex-wrap items-start gap-2">
                  <a
                    href={image.full_url}
                    download={image.file_name}
                    className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <Download className="size-3.5 text-brand-700" aria-hidden="true" />
                    Download<span className="sr-only"> {image.label}</span>
                  </a>
                  <ContentCredentialsMark imageUrl={image.full_url} originalNote="" className="min-w-0" />
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
