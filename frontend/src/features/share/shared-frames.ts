import type { SharedCar } from '@shared/schemas/share';
import { walkAroundFrames } from '@/components/walk-around/walk-around-frames';

/** The frames of a shared car: the page shows the signed gallery-size images, zooms into the stable full-size links. */
export const sharedFrames = (car: SharedCar) => walkAroundFrames(car.images.map((i) => ({ angle: i.angle, label: i.label, imageUrl: i.web_url, fullUrl: i.full_url })));
