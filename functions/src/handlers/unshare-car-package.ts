import { sharePackagePathSchema } from '@shared/schemas/share';
import { apiHandler } from '../http/api-handler';
import { shareAdapters } from '../sharing/adapters';
import { unsharePackage } from '../sharing/share';

const deps = shareAdapters();

/** Share off: the public link answers 404 from now on. */
export const handler = apiHandler('unshare-car-package', { params: sharePackagePathSchema }, async ({ params, caller }) => ({
  body: await unsharePackage(deps, caller!.sub, params.id),
}));
