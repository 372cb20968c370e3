import { sharePackagePathSchema } from '@shared/schemas/share';
import { apiHandler } from '../http/api-handler';
import { shareAdapters } from '../sharing/adapters';
import { sharePackage } from '../sharing/share';

const deps = shareAdapters();

/** Share on: the package gets its public link (the same one if it is on already). */
export const handler = apiHandler('share-car-package', { params: sharePackagePathSchema }, async ({ params, caller }) => ({
  body: await sharePackage(deps, caller!.sub, params.id, new Date()),
}));
