import { sharePathSchema } from '@shared/schemas/share';
import { apiHandler } from '../http/api-handler';
import { shareAdapters } from '../sharing/adapters';
import { sharedVideoFile } from '../sharing/share';

const deps = shareAdapters();

/** A shared car's walk-around video by its stable link: the MP4 itself, whole or the byte range asked for. */
export const handler = apiHandler('get-shared-car-video', { params: sharePathSchema }, async ({ params, event }) => {
  const file = await sharedVideoFile(deps, params.token, event.headers.range);
  return { status: file.status, bytes: file.bytes, headers: file.headers };
});
