import { sharePathSchema } from '@shared/schemas/share';
import { apiHandler } from '../http/api-handler';
import { shareAdapters } from '../sharing/adapters';
import { SHARED_CAR_CACHE_CONTROL, sharedCar } from '../sharing/share';

const deps = shareAdapters();

/** A shared car for anyone with its link: the car, the dealer's name and logo, the finished images; 404 once Share is off. */
export const handler = apiHandler('get-shared-car', { params: sharePathSchema }, async ({ params }) => ({
  body: await sharedCar(deps, params.token),
  headers: { 'cache-control': SHARED_CAR_CACHE_CONTROL },
}));
