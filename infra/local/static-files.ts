import type { ServerResponse } from 'node:http';

/**
 * sirv lists the built files once and streams each from disk: a file gone since (the SPA rebuilt while the host runs)
 * errors on its stream, and a stream error with no listener ends the whole process. With this, that request fails
 * alone (its connection is closed) and the host goes on serving.
 */
export function failAloneOnVanishedFile(res: ServerResponse): void {
  res.once('pipe', (file) => file.once('error', () => res.destroy()));
}
