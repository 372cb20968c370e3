import type { SharedCar } from '@shared/schemas/share';
import { WalkAroundViewer } from '@/components/walk-around/walk-around-viewer';
import { sharedFrames } from '../shared-frames';

/**
 * The embed (/c/<token>/embed) on the dealer's own site: the walk-around alone, filling its frame whatever its size,
 * with a link to the car's page (opened outside the frame).
 */
export function SharedCarEmbed({ car, pagePath }: { car: SharedCar; pagePath: string }) {
  return (
    <main className="grid h-dvh min-h-64 grid-rows-[minmax(0,1fr)_auto] gap-2 overflow-hidden bg-white p-2 text-slate-900">
      <h1 className="sr-only">{car.car_name}</h1>
      <WalkAroundViewer frames={sharedFrames(car)} title={car.car_name} fill />
      <p className="truncate text-sm">
        <a href={pagePath} target="_blank" rel="noopener" className="font-medium text-brand-700 underline underline-offset-2">
          {car.car_name}
        </a>
        {car.dealer_name && <span className="text-slate-600"> · {car.dealer_name}</span>}
      </p>
    </main>
  );
}
