import { sharePackagePathSchema } from '@shared/schemas/share';
import { apiHandler } from '../http/api-handler';
import { shareAdapters } from '../sharing/adapters';
import { packageShare } from '../sharing/share';

const deps = shareAdapters();

/** The package page's Share panel: whether the package is shared, and its link; 404 for anyone else's package. */
export const handler = apiHandler('get-car-package-share', { params: sharePackagePathSchema }, async ({ params, caller }) => ({
  body: await packageShare(deps, caller!.sub, params.id),
}));
