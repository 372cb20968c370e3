/**
 * "Download all" on the shared car's page, for the dealer who shared it (issue 41, item 6): loaded only when the browser
 * holds a sign-in, so a buyer's page never pulls in the sign-in code. The package's own zip, by the dealer's own routes.
 */
// First: this module is loaded on its own on the shared car's page, whose entry loads no zod (see zod-config.ts).
import '@/lib/zod-config';
import type { CarPackageZipResponse } from '@shared/schemas/car-packages';
import type { SharedCarOwner } from '@shared/schemas/share';
import { api } from '@/lib/api-client';
import { ensureRuntimeConfig } from '@/lib/runtime-config';

/** The shared car's package when the signed-in dealer is the one who shared it; null for anyone else. */
export async function ownPackageOf(token: string): Promise<string | null> {
  await ensureRuntimeConfig();
  try {
    return (await api.get<SharedCarOwner>(`/api/share/${token}/owner`, { auth: true })).package_id;
  } catch {
    return null;
  }
}

/** The zip of the package's finished images and its video (built once per set of files): a signed link for the dealer. */
export const packageZip = (id: string) => api.post<CarPackageZipResponse>(`/api/car-packages/${id}/zip`, undefined, { auth: true });
